package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOutputDirCreated: -o names a directory that does not exist yet
// (two levels of it); feedgen makes it and writes both feeds there.
func TestOutputDirCreated(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "new", "pair")
	var stderr bytes.Buffer
	if code := run([]string{"-n", "20", "-o", dir}, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	for _, name := range []string{"local.xml", "remote.xml"} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(data, []byte("<entry")) {
			t.Errorf("%s holds no entry:\n%.200s", name, data)
		}
	}
}

// TestOutputDirIsFile: -o naming a file is an error, exit 1, and the
// file is left as it was.
func TestOutputDirIsFile(t *testing.T) {
	file := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(file, []byte("keep"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	if code := run([]string{"-n", "20", "-o", file}, &stderr); code != 1 {
		t.Fatalf("exit %d, want 1: %s", code, stderr.String())
	}
	if !strings.HasPrefix(stderr.String(), "feedgen: ") {
		t.Errorf("stderr %q does not name feedgen", stderr.String())
	}
	if data, _ := os.ReadFile(file); string(data) != "keep" {
		t.Errorf("file changed to %q", data)
	}
}

// TestBadDialect: an unknown -dialect is an argument error, exit 2.
func TestBadDialect(t *testing.T) {
	var stderr bytes.Buffer
	if code := run([]string{"-dialect", "nope", "-o", t.TempDir()}, &stderr); code != 2 {
		t.Fatalf("exit %d, want 2", code)
	}
}

// TestBadCounts: -n below 1 or a -conflicts fraction outside 0..1 is
// refused with exit 2, and nothing is written (it wrote empty feeds).
func TestBadCounts(t *testing.T) {
	for _, args := range [][]string{{"-n", "-3"}, {"-n", "0"}, {"-conflicts", "1.5"}, {"-conflicts", "-0.1"}, {"-conflicts", "NaN"}} {
		dir := filepath.Join(t.TempDir(), "pair")
		var stderr bytes.Buffer
		if code := run(append(args, "-o", dir), &stderr); code != 2 || !strings.Contains(stderr.String(), args[0]) {
			t.Errorf("%v: exit %d, %q; want 2 naming %s", args, code, stderr.String(), args[0])
		}
		if _, err := os.Stat(dir); err == nil {
			t.Errorf("%v: %s was made", args, dir)
		}
	}
}

// TestTriple: -triple writes the three versions of one feed a git merge
// driver gets, each with entries, and no pair.
func TestTriple(t *testing.T) {
	dir := t.TempDir()
	var stderr bytes.Buffer
	if code := run([]string{"-n", "50", "-triple", "-o", dir}, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	for _, name := range []string{"base.xml", "ours.xml", "theirs.xml"} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || !bytes.Contains(data, []byte("<entry")) {
			t.Errorf("%s: %v\n%.200s", name, err, data)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "local.xml")); err == nil {
		t.Error("-triple wrote local.xml too")
	}
}

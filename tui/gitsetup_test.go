package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDriverBinary checks how setup tells git to run feedsync: by name
// when PATH finds one (saying so when it is not the running binary), by
// its absolute path, quoted for sh, when PATH has none, and not at all
// when the running binary is in the temporary directory, as a 'go run'
// build is.
func TestDriverBinary(t *testing.T) {
	root := t.TempDir()
	mk := func(path string) string {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte("#!/bin/sh\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		return path
	}
	exe := mk(filepath.Join(root, "opt", "my tools", "feedsync"))
	other := mk(filepath.Join(root, "usr", "bin", "feedsync"))
	link := filepath.Join(root, "bin", "feedsync")
	os.MkdirAll(filepath.Dir(link), 0o755)
	if err := os.Symlink(exe, link); err != nil {
		t.Fatal(err)
	}
	mk(filepath.Join(root, "noexec", "feedsync"))
	os.Chmod(filepath.Join(root, "noexec", "feedsync"), 0o644)
	tmp := filepath.Join(root, "tmp")
	inTmp := mk(filepath.Join(tmp, "go-build1", "exe", "feedsync"))
	for _, c := range []struct {
		name, exe, path, tmp string
		bin, note, err       string
	}{
		{"on PATH, this one", exe, filepath.Join(root, "bin"), tmp, "feedsync", "", ""},
		{"on PATH, another", exe, filepath.Join(root, "usr", "bin"), tmp, "feedsync", "git will run the feedsync on your PATH, " + other, ""},
		{"not on PATH", exe, filepath.Join(root, "noexec") + ":" + filepath.Join(root, "empty"), tmp, "'" + exe + "'", "there is no feedsync on your PATH: git will run " + exe, ""},
		{"a go run build", inTmp, "", tmp, "", "", "is in the temporary directory"},
		{"a go run build, but one on PATH", inTmp, filepath.Join(root, "usr", "bin"), tmp, "feedsync", "not this one", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			bin, note, err := driverBinary(c.exe, c.path, c.tmp)
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Errorf("error %v, want one saying %q", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if bin != c.bin {
				t.Errorf("driver command %q, want %q", bin, c.bin)
			}
			if c.note == "" && note != "" || !strings.Contains(note, c.note) {
				t.Errorf("note %q, want %q", note, c.note)
			}
		})
	}
}

// TestSetupLines checks the lines setup adds: patterns quoted as
// .gitattributes reads them, and found again however they were written;
// the files feedsync leaves beside a feed, for the exclude file.
func TestSetupLines(t *testing.T) {
	for p, want := range map[string]string{"todo.xml": "todo.xml", "my lists/*.xml": `"my lists/*.xml"`, `a"b`: `"a\"b"`, "#x": `"#x"`} {
		if got := attrPattern(p); got != want {
			t.Errorf("attrPattern(%q) = %q, want %q", p, got, want)
		}
		if got := attributeKey(want + "  text merge=feedsync"); got != want {
			t.Errorf("attributeKey of %q's line = %q", p, got)
		}
	}
	if got := attributeKey("todo.xml merge=union"); got != "" {
		t.Errorf("a line with another driver counts as feedsync's: %q", got)
	}
	want := []string{"lists/*.opml.bak", "lists/*.opml.bak.*", "lists/.*.opml.lock", "lists/.*.opml.tmp-*", "lists/.feedsync/"}
	if got := ignoreLines([]string{"lists/*.opml"}); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("ignoreLines = %q, want %q", got, want)
	}
	for s, want := range map[string]string{"/usr/bin/feedsync": "/usr/bin/feedsync", "/opt/my tools/feedsync": "'/opt/my tools/feedsync'", "/o'k/f": `'/o'\''k/f'`} {
		if got := shellQuote(s); got != want {
			t.Errorf("shellQuote(%q) = %q, want %q", s, got, want)
		}
	}
}

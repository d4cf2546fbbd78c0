//go:build unix

package fetch

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// within fails the test if fn does not return within a generous bound: a
// guard against hanging for ever, not a speed check.
func within(t *testing.T, fn func() error) error {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- fn() }()
	select {
	case err := <-done:
		return err
	case <-time.After(10 * time.Second):
		t.Fatal("blocked")
		return nil
	}
}

// TestReadFile covers what a path may name: a regular file is read; a file
// over the limit is refused from its size, before reading; a FIFO, a
// directory and a device are refused with a message naming what they are,
// and a FIFO without blocking (issue 13 item 8).
func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, path string
		want       string // the content, or
		err        error  // an error matching this
		msg        string // and saying this
	}{
		{name: "regular", path: write("ok.xml", "<rss/>"), want: "<rss/>"},
		{name: "empty", path: write("empty.xml", ""), want: ""},
		{name: "at the limit", path: write("fifty.xml", strings.Repeat("x", 50)), want: strings.Repeat("x", 50)},
		{name: "over the limit", path: write("big.xml", strings.Repeat("x", 51)), err: ErrTooLarge, msg: "51 bytes, larger than 50 bytes"},
		{name: "FIFO", path: fifo, err: ErrNotRegular, msg: "a FIFO (named pipe), not a regular file"},
		{name: "directory", path: dir, err: ErrNotRegular, msg: "a directory, not a regular file"},
		{name: "device", path: os.DevNull, err: ErrNotRegular, msg: "a character device, not a regular file"},
		{name: "missing", path: filepath.Join(dir, "none"), err: os.ErrNotExist},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var got []byte
			err := within(t, func() (err error) {
				got, err = ReadFile(tc.path, 50)
				return err
			})
			switch {
			case tc.err != nil:
				if !errors.Is(err, tc.err) || !strings.Contains(err.Error(), tc.msg) {
					t.Errorf("error %v, want %v %q", err, tc.err, tc.msg)
				}
			case err != nil || string(got) != tc.want:
				t.Errorf("got %q, %v", got, err)
			}
		})
	}
}

// TestReadFileIn covers reading inside an os.Root: a symbolic link that
// leads out of it is refused, and a FIFO inside it is refused without
// blocking.
func TestReadFileIn(t *testing.T) {
	sandbox := t.TempDir()
	tree := filepath.Join(sandbox, "tree")
	if err := os.Mkdir(tree, 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(sandbox, "secret"), []byte("secret"), 0o644)
	os.WriteFile(filepath.Join(tree, "ok"), []byte("ok"), 0o644)
	if err := os.Symlink(filepath.Join(sandbox, "secret"), filepath.Join(tree, "out")); err != nil {
		t.Skip("no symbolic links:", err)
	}
	if err := syscall.Mkfifo(filepath.Join(tree, "fifo"), 0o644); err != nil {
		t.Fatal(err)
	}
	root, err := os.OpenRoot(tree)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	if got, err := ReadFileIn(root, "ok", 50); err != nil || string(got) != "ok" {
		t.Errorf("ok: %q, %v", got, err)
	}
	if got, err := ReadFileIn(root, "out", 50); err == nil {
		t.Errorf("read %q through a link out of the root", got)
	}
	err = within(t, func() error { _, err := ReadFileIn(root, "fifo", 50); return err })
	if !errors.Is(err, ErrNotRegular) {
		t.Errorf("fifo: %v", err)
	}
}

//go:build unix

package tui

import (
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestOutNamingStandardOutputWritesStandardOutput guards QA's S2: -o
// /dev/stdout failed with "locking /dev/stdout: open
// /proc/self/fd/.pipe:[…].lock" when standard output was a pipe, and when
// it was a file, replaced that file by rename, with a .bak and a lock file
// beside it (so the shell's redirection got nothing). The names of
// standard output are standard output, "-".
func TestOutNamingStandardOutputWritesStandardOutput(t *testing.T) {
	bin := builtFeedsync(t)
	h := newHarness(t)
	feed := h.write("f.xml", oneItem)
	for _, name := range []string{"/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"} {
		if _, err := os.Stat(name); err != nil {
			t.Logf("%s: %v", name, err)
			continue
		}
		args := []string{"update", feed, "--id", "item1", "--title", "out", "--by", "A", "-o", name}
		t.Run(name+"/pipe", func(t *testing.T) {
			cmd := exec.Command(bin, args...)
			cmd.Env = append(os.Environ(), "XDG_CONFIG_HOME="+h.path("config"))
			var stderr strings.Builder
			cmd.Stderr = &stderr
			out, err := cmd.Output()
			if err != nil || !strings.Contains(string(out), "<title>out</title>") {
				t.Fatalf("%v: stdout %q, stderr %s", err, out, stderr.String())
			}
		})
		t.Run(name+"/file", func(t *testing.T) {
			so := h.path("so.xml")
			f, err := os.Create(so)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			before, _ := f.Stat()
			cmd := exec.Command(bin, args...)
			cmd.Env = append(os.Environ(), "XDG_CONFIG_HOME="+h.path("config"))
			cmd.Stdout = f
			var stderr strings.Builder
			cmd.Stderr = &stderr
			if err := cmd.Run(); err != nil {
				t.Fatalf("%v: %s", err, stderr.String())
			}
			after, err := os.Stat(so)
			if err != nil || !os.SameFile(before, after) {
				t.Fatalf("the file standard output went to was replaced: %v", err)
			}
			if got := h.read("so.xml"); !strings.Contains(got, "<title>out</title>") {
				t.Errorf("so.xml holds %q", got)
			}
			for _, beside := range []string{"so.xml.bak", ".so.xml.lock"} {
				if _, err := os.Lstat(h.path(beside)); err == nil {
					t.Errorf("%s was made", beside)
				}
			}
		})
	}
}

// TestOutToADeviceOrPipeIsWrittenAsAStream guards QA's S2 beyond standard
// output: -o /dev/null made a lock file in /dev and was then refused, and
// a named pipe or an open file descriptor (/dev/fd/N, as a shell's >(...)
// gives) cannot be replaced by rename. Each is written as a stream, with
// no lock, backup or temporary file.
func TestOutToADeviceOrPipeIsWrittenAsAStream(t *testing.T) {
	h := newHarness(t)
	feed := h.write("f.xml", oneItem)
	update := func(out string) (int, string, string) {
		return h.run("", "update", feed, "--id", "item1", "--title", "out", "--by", "A", "-o", out)
	}
	t.Run("/dev/null", func(t *testing.T) {
		if _, err := os.Lstat("/dev/.null.lock"); err == nil {
			t.Skip("/dev/.null.lock exists already")
		}
		code, stdout, stderr := update("/dev/null")
		if _, err := os.Lstat("/dev/.null.lock"); err == nil {
			os.Remove("/dev/.null.lock")
			t.Error("a lock file was made in /dev")
		}
		if code != ExitOK || stdout != "" {
			t.Fatalf("exit %d, stdout %q, stderr %s", code, stdout, stderr)
		}
	})
	t.Run("named pipe", func(t *testing.T) {
		fifo := h.path("pipe.xml")
		if err := syscall.Mkfifo(fifo, 0o644); err != nil {
			t.Skip(err)
		}
		got := make(chan string, 1)
		go func() {
			f, err := os.Open(fifo)
			if err != nil {
				got <- err.Error()
				return
			}
			b, _ := io.ReadAll(f)
			f.Close()
			got <- string(b)
		}()
		if code, _, stderr := update(fifo); code != ExitOK {
			// Let the reader's open return.
			if w, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
				w.Close()
			}
			t.Fatalf("exit %d: %s", code, stderr)
		}
		select {
		case s := <-got:
			if !strings.Contains(s, "<title>out</title>") {
				t.Errorf("the reader got %q", s)
			}
		case <-time.After(10 * time.Second): // a guard against hanging
			t.Fatal("the reader got nothing")
		}
		if info, err := os.Lstat(fifo); err != nil || info.Mode()&os.ModeNamedPipe == 0 {
			t.Errorf("the pipe was replaced: %v", err)
		}
		assertNothingBeside(t, h, "pipe.xml")
	})
	t.Run("/dev/fd/N", func(t *testing.T) {
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		got := make(chan string, 1)
		go func() { b, _ := io.ReadAll(r); got <- string(b) }()
		name := "/dev/fd/" + strconv.Itoa(int(w.Fd()))
		code, _, stderr := update(name)
		w.Close()
		if code != ExitOK {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		if s := <-got; !strings.Contains(s, "<title>out</title>") {
			t.Errorf("the pipe got %q", s)
		}
	})
}

// assertNothingBeside checks that no backup, lock or temporary file was
// made beside name in h's folder.
func assertNothingBeside(t *testing.T, h *harness, name string) {
	t.Helper()
	for _, beside := range []string{name + ".bak", "." + name + ".lock"} {
		if _, err := os.Lstat(h.path(beside)); err == nil {
			t.Errorf("%s was made", beside)
		}
	}
	if ts := temps(t, h.dir); len(ts) > 0 {
		t.Errorf("temporary files: %q", ts)
	}
}

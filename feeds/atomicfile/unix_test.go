//go:build unix

package atomicfile

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestReadRefusesANamedPipe(t *testing.T) {
	path := filepath.Join(t.TempDir(), "fifo.xml")
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skip("no named pipes here:", err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := Read(path)
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "named pipe") {
			t.Fatalf("Read = %v, want a refusal naming the pipe", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Read blocked on a named pipe")
	}
}

func TestStaleTempsOfOursAreRemovedOnTheNextSave(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "todo.xml")
	writeInPlace(t, path, "old")
	dead := deadPID(t)
	old := time.Now().Add(-2 * StaleAge)
	files := map[string]bool{ // name: removed by the next save
		".todo.xml.tmp-" + dead + "-123":                     true,  // its writer is gone
		".todo.xml.tmp-" + strconv.Itoa(os.Getpid()) + "-45": false, // its writer runs: a save under way
		".todo.xml.tmp-98765":                                true,  // earlier naming, old
		".todo.xml.tmp-98766":                                false, // earlier naming, recent
		".todo.xml.tmp-notours":                              false, // not a name we make
		".other.xml.tmp-" + dead + "-1":                      false, // another file's
		"todo.xml.tmp-" + dead + "-1":                        false, // not hidden: not ours
	}
	for name := range files {
		writeInPlace(t, filepath.Join(dir, name), "partial")
	}
	os.Chtimes(filepath.Join(dir, ".todo.xml.tmp-98765"), old, old)
	if err := WriteFile(path, []byte("new"), 0o644); err != nil {
		t.Fatal(err)
	}
	for name, removed := range files {
		_, err := os.Stat(filepath.Join(dir, name))
		if removed != os.IsNotExist(err) {
			t.Errorf("%s: removed = %v, want %v", name, !removed, removed)
		}
	}
}

// deadPID returns the pid of a process that has ended.
func deadPID(t *testing.T) string {
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Skip("cannot start a process:", err)
	}
	pid := cmd.Process.Pid
	if !processGone(pid) {
		t.Skip("pid reused at once")
	}
	return strconv.Itoa(pid)
}

// TestBackupsLeaveANamedPipeAlone guards QA's S3 for a FIFO at NAME.bak,
// which rotation moved as it moved folders.
func TestBackupsLeaveANamedPipeAlone(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "todo.xml")
	writeInPlace(t, path, "original")
	if err := syscall.Mkfifo(path+".bak", 0o644); err != nil {
		t.Skip("no named pipes here:", err)
	}
	err := WriteFile(path, []byte("new"), 0o644)
	if err == nil || !strings.Contains(err.Error(), ".bak is a FIFO (named pipe), not a backup feedsync made") {
		t.Fatalf("WriteFile = %v", err)
	}
	assertFile(t, path, "original")
	if info, err := os.Lstat(path + ".bak"); err != nil || info.Mode()&os.ModeNamedPipe == 0 {
		t.Fatalf("the pipe was moved: %v", err)
	}
	assertEntries(t, dir, "todo.xml", "todo.xml.bak")
}

package feedtest

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

// command is the feedsync command, built once per test binary.
var command struct {
	once sync.Once
	path string
	err  error
}

// Command returns the path of the feedsync command, built once per test
// binary into a folder that holds nothing else (for PATH), for the tests
// that run the real binary. The binary's TestMain calls RemoveCommand
// after the tests.
func Command(t testing.TB) string {
	t.Helper()
	command.once.Do(func() {
		dir, err := os.MkdirTemp("", "feedsync-bin-*")
		if err != nil {
			command.err = err
			return
		}
		command.path = filepath.Join(dir, "feedsync")
		out, err := exec.Command("go", "build", "-o", command.path, "github.com/feedsync/feedsync").CombinedOutput()
		if err != nil {
			command.err = errors.New("go build: " + err.Error() + "\n" + string(out))
		}
	})
	if command.err != nil {
		t.Fatal(command.err)
	}
	return command.path
}

// RemoveCommand removes the command Command built, if it built one.
func RemoveCommand() {
	if command.path != "" {
		os.RemoveAll(filepath.Dir(command.path))
	}
}

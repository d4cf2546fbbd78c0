package atomicfile_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/feedsync/feedsync/feeds/atomicfile"
)

// A short command holds the lock across its read, its work and its write.
func ExampleUpdate() {
	dir, _ := os.MkdirTemp("", "example")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "list.txt")
	os.WriteFile(path, []byte("milk\n"), 0o644)

	_, err := atomicfile.Update(context.Background(), path, func(s *atomicfile.Snapshot) ([]byte, error) {
		return append(append([]byte(nil), s.Data...), "eggs\n"...), nil
	})
	data, _ := os.ReadFile(path)
	fmt.Printf("%v %q\n", err, data)
	// Output: <nil> "milk\neggs\n"
}

// A long session reads without the lock and learns at Commit that someone
// else wrote meanwhile; it merges their change in and commits again.
func ExampleCommit() {
	dir, _ := os.MkdirTemp("", "example")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "list.txt")
	os.WriteFile(path, []byte("milk\n"), 0o644)

	snap, _ := atomicfile.Read(path)
	atomicfile.WriteFile(path, []byte("milk\nbread\n"), 0o644) // someone else

	mine := []byte("milk\neggs\n")
	_, err := atomicfile.Commit(context.Background(), snap, mine)
	var changed *atomicfile.ChangedError
	if errors.As(err, &changed) {
		merged := append(append([]byte(nil), changed.Current.Data...), "eggs\n"...)
		_, err = atomicfile.Commit(context.Background(), changed.Current, merged)
	}
	data, _ := os.ReadFile(path)
	fmt.Printf("%v %q\n", err, data)
	// Output: <nil> "milk\nbread\neggs\n"
}

//go:build !linux

package cse

import (
	"os"
	"path"
)

// syncAll makes the files written, and the folders that hold them,
// durable, one fsync each: the barrier of a group commit (see
// cache.barrier) where there is no syncfs(2).
func syncAll(root *os.Root, written []string) error {
	dirs := map[string]bool{}
	for _, rel := range written {
		dirs[path.Dir(rel)] = true
		if err := syncOne(root, rel); err != nil && !os.IsNotExist(err) {
			return err
		}
	}
	for dir := range dirs {
		syncOne(root, dir) // not every system syncs a folder
	}
	return nil
}

func syncOne(root *os.Root, rel string) error {
	f, err := root.Open(rel)
	if err != nil {
		return err
	}
	defer f.Close()
	return f.Sync()
}

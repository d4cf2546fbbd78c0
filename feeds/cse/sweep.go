package cse

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
)

// sweep removes from the cache the files of links that no cached feed
// holds any more ("Item deletion and cache clean up"). References are
// counted over the whole cached tree, so a file stays while any item, in
// any feed, still links it, on demand or not. If any cached feed cannot be
// read, nothing is removed.
func sweep(c *cache, root string, rep Reporter) error {
	live := map[string]bool{root: true}
	err := walkCache(c, root, func(v visit) {
		if v.url != nil {
			live[v.url.String()] = true
		}
	})
	if err != nil {
		return fmt.Errorf("cleaning up the cache: %w", err)
	}
	files, err := sweepEntries(c, live, rep)
	if err != nil {
		return err
	}
	return sweepFiles(c, files)
}

// sweepEntries removes records, and their files, of URLs not in live; it
// returns the files of the records it keeps.
func sweepEntries(c *cache, live map[string]bool, rep Reporter) (map[string]bool, error) {
	keep := map[string]bool{}
	err := walkFiles(c, path.Join(stateDir, "entries"), func(p string) error {
		e := readEntry(c, p)
		switch {
		case e == nil:
			return c.removeFile(p)
		case live[e.URL]:
			keep[e.File] = true
			return nil
		}
		rep.Removed(e.URL)
		return c.remove(e)
	})
	return keep, err
}

// readEntry reads the record at p, or returns nil if p is not a whole
// record in its proper place (a temporary file, say).
func readEntry(c *cache, p string) *entry {
	data, err := c.readFile(p)
	if err != nil {
		return nil
	}
	var e entry
	if json.Unmarshal(data, &e) != nil || entryPath(e.URL) != p || e.File != cachePath(e.URL) {
		return nil
	}
	return &e
}

// sweepFiles removes files no record describes: leftovers of a crash
// between writing a file and its record, and temporary files.
func sweepFiles(c *cache, keep map[string]bool) error {
	return walkFiles(c, "files", func(p string) error {
		if keep[p] {
			return nil
		}
		return c.removeFile(p)
	})
}

// walkFiles calls fn for every regular file below dir, a slash-separated
// folder of the cache, with its slash-separated path; a missing dir holds
// none. It walks through the cache's os.Root and does not follow symbolic
// links.
func walkFiles(c *cache, dir string, fn func(path string) error) error {
	err := fs.WalkDir(c.fsys.FS(), dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		return fn(p)
	})
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}

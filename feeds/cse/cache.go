package cse

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/feedsync/feedsync/feeds/atomicfile"
)

// stateDir holds the cache's records, beside the files/ folder.
const stateDir = ".cse"

// ErrOtherRoot is a cache directory that already holds another tree.
var ErrOtherRoot = errors.New("cse: cache directory holds another tree")

// ErrNoCache is a directory in which no pull has started.
var ErrNoCache = errors.New("cse: no CSE cache in directory")

// cache is a cache directory. Every write to it is atomic, and a file is
// always written before the record that describes it, so a crash leaves at
// worst a file without a record, which the next pull overwrites or sweeps.
type cache struct {
	dir string
	// wrote, when set, is called after every write; tests use it to stop
	// a pull at each point where it could be interrupted.
	wrote func() error
}

// rootRecord names the tree a cache holds.
type rootRecord struct {
	Root string `json:"root"`
}

// entry is the record of one downloaded URL.
type entry struct {
	URL      string    `json:"url"`
	File     string    `json:"file"` // relative to the cache directory, slash-separated
	Size     int64     `json:"size"`
	ETag     string    `json:"etag,omitempty"`
	Modified string    `json:"lastModified,omitempty"`
	Final    string    `json:"final,omitempty"`   // URL after redirects, when different
	ItemDate time.Time `json:"itemDate,omitzero"` // newest date of an item it was fetched for
	Feed     bool      `json:"feed,omitempty"`    // downloaded as a nested feed
	Built    time.Time `json:"built,omitzero"`    // feed date once every item below it was in the cache
	Synced   dates     `json:"synced,omitempty"`  // guid → item date whose links are in the cache
}

// dates maps guids to item dates.
type dates map[string]time.Time

// root returns the URL of the tree the cache holds.
func (c *cache) root() (string, error) {
	data, err := os.ReadFile(filepath.Join(c.dir, stateDir, "root.json"))
	if errors.Is(err, fs.ErrNotExist) {
		return "", fmt.Errorf("%s: %w", c.dir, ErrNoCache)
	}
	if err != nil {
		return "", err
	}
	var r rootRecord
	if err := json.Unmarshal(data, &r); err != nil || r.Root == "" {
		return "", fmt.Errorf("reading %s: corrupt root record", c.dir)
	}
	return r.Root, nil
}

// claim records that the cache holds the tree at root, refusing a
// directory that holds another.
func (c *cache) claim(root string) error {
	have, err := c.root()
	if err == nil && have != root {
		return fmt.Errorf("%s holds %s: %w", c.dir, have, ErrOtherRoot)
	}
	if err == nil {
		return nil
	}
	data, _ := json.Marshal(rootRecord{Root: root})
	return c.write(filepath.Join(stateDir, "root.json"), data)
}

// load returns the record of u, or nil when there is none or it cannot be
// read, in which case u is simply downloaded again.
func (c *cache) load(u string) *entry {
	data, err := os.ReadFile(c.abs(entryPath(u)))
	if err != nil {
		return nil
	}
	var e entry
	if json.Unmarshal(data, &e) != nil || e.URL != u || e.File != cachePath(u) {
		return nil
	}
	return &e
}

// save writes the record e.
func (c *cache) save(e *entry) error {
	data, err := json.MarshalIndent(e, "", "\t")
	if err != nil {
		return fmt.Errorf("encoding record of %s: %w", e.URL, err)
	}
	return c.write(entryPath(e.URL), append(data, '\n'))
}

// present reports whether the file e describes is still there, whole; a
// file deleted or cut short by another process counts as absent.
func (c *cache) present(e *entry) bool {
	if e == nil {
		return false
	}
	info, err := os.Lstat(c.abs(e.File))
	return err == nil && info.Mode().IsRegular() && info.Size() == e.Size
}

// read returns the cached bytes of e.
func (c *cache) read(e *entry) ([]byte, error) {
	data, err := os.ReadFile(c.abs(e.File))
	if err == nil && int64(len(data)) != e.Size {
		err = fmt.Errorf("%s changed size", e.File)
	}
	if err != nil {
		return nil, fmt.Errorf("reading cached copy of %s: %w", e.URL, err)
	}
	return data, nil
}

// store writes the bytes downloaded for u.
func (c *cache) store(u string, body []byte) error {
	return c.write(cachePath(u), body)
}

// remove deletes e's file, then its record.
func (c *cache) remove(e *entry) error {
	if err := os.Remove(c.abs(e.File)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("removing %s: %w", e.File, err)
	}
	if err := os.Remove(c.abs(entryPath(e.URL))); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("removing record of %s: %w", e.URL, err)
	}
	return nil
}

// write replaces rel, a slash-separated path made by cachePath or
// entryPath, atomically.
func (c *cache) write(rel string, data []byte) error {
	path := c.abs(rel)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("creating cache folder: %w", err)
	}
	if err := atomicfile.WriteFileNoBackup(path, data, 0o644); err != nil {
		return err
	}
	if c.wrote != nil {
		return c.wrote()
	}
	return nil
}

func (c *cache) abs(rel string) string {
	return filepath.Join(c.dir, filepath.FromSlash(rel))
}

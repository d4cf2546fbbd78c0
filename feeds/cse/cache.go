package cse

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"time"

	"github.com/feedsync/feedsync/feeds/atomicfile"
	"github.com/feedsync/feedsync/feeds/fetch"
)

// stateDir holds the cache's records, beside the files/ folder.
const stateDir = ".cse"

// ErrOtherRoot is a cache directory that already holds another tree.
var ErrOtherRoot = errors.New("cse: cache directory holds another tree")

// ErrNoCache is a directory in which no pull has started.
var ErrNoCache = errors.New("cse: no CSE cache in directory")

// cache is a cache directory. Every write to it is atomic, and a file is
// always written before the record that describes it, so a crash of the
// process leaves at worst a file without a record, which the next pull
// overwrites or sweeps. Every read, write and removal goes through an
// os.Root on the directory, so a symbolic link planted in it (at files/,
// .cse/ or a fan-out folder) cannot lead one outside it: os.Root refuses to
// follow a link out.
//
// Durability against a crash of the system is a group commit. Files and
// their records are written without a sync each (one fsync per file made
// a pull of many small files slow); a feed's record, which vouches that
// its items' files are in the cache, is written with a sync, after a
// barrier that makes everything written before it durable; so is the root
// record, and every pull and fetch ends with a barrier. A file's record
// may thus outlive its file, or survive with a file whose content was
// lost: present checks the size, and read the SHA-256 the record holds, so
// such a file is downloaded again, never used.
type cache struct {
	dir  string // as the caller spelt it, for messages
	fsys *os.Root
	// written lists the files written since the last barrier.
	written []string
	// wrote, when set, is called after every write, with its path; tests
	// use it to stop a pull at each point where it could be interrupted.
	wrote func(rel string) error
}

// openCache opens the cache directory dir, creating it when create is
// set. Close it when done.
func openCache(dir string, create bool) (*cache, error) {
	if create {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, fmt.Errorf("creating the cache directory: %w", err)
		}
	}
	fsys, err := os.OpenRoot(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s: %w", dir, ErrNoCache)
	}
	if err != nil {
		return nil, fmt.Errorf("opening the cache: %w", err)
	}
	return &cache{dir: dir, fsys: fsys}, nil
}

func (c *cache) close() { c.fsys.Close() }

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
	SHA256   string    `json:"sha256,omitempty"`  // of the file, in hex
}

// dates maps guids to item dates.
type dates map[string]time.Time

// rootFile is where the root record is kept.
var rootFile = path.Join(stateDir, "root.json")

// root returns the URL of the tree the cache holds.
func (c *cache) root() (string, error) {
	data, err := c.readFile(rootFile)
	if errors.Is(err, fs.ErrNotExist) {
		return "", fmt.Errorf("%s: %w", c.dir, ErrNoCache)
	}
	if err != nil {
		return "", fmt.Errorf("reading %s: %w", c.dir, err)
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
	switch {
	case err == nil && have != root:
		return fmt.Errorf("%s holds %s: %w", c.dir, have, ErrOtherRoot)
	case err == nil:
		return nil
	case !errors.Is(err, ErrNoCache):
		return err
	}
	data, _ := json.Marshal(rootRecord{Root: root})
	if err := c.writeDurable(rootFile, data); err != nil {
		return fmt.Errorf("%s: %w", c.dir, err)
	}
	return nil
}

// readFile reads rel, a regular file of the cache, within the size limit
// it was downloaded under (atomicfile.Limit).
func (c *cache) readFile(rel string) ([]byte, error) {
	return fetch.ReadFileIn(c.fsys, rel, atomicfile.Limit())
}

// load returns the record of u, or nil when there is none or it cannot be
// read, in which case u is simply downloaded again.
func (c *cache) load(u string) *entry {
	data, err := c.readFile(entryPath(u))
	if err != nil {
		return nil
	}
	var e entry
	if json.Unmarshal(data, &e) != nil || e.URL != u || e.File != cachePath(u) {
		return nil
	}
	return &e
}

// save writes the record e, durably in time (see cache).
func (c *cache) save(e *entry) error {
	data, err := encodeEntry(e)
	if err != nil {
		return err
	}
	return c.write(entryPath(e.URL), data)
}

// saveDurable writes the record e of a feed, which vouches for its items'
// files, durably, after everything written before it.
func (c *cache) saveDurable(e *entry) error {
	data, err := encodeEntry(e)
	if err != nil {
		return err
	}
	if err := c.barrier(); err != nil {
		return err
	}
	return c.writeDurable(entryPath(e.URL), data)
}

func encodeEntry(e *entry) ([]byte, error) {
	data, err := json.MarshalIndent(e, "", "\t")
	if err != nil {
		return nil, fmt.Errorf("encoding record of %s: %w", e.URL, err)
	}
	return append(data, '\n'), nil
}

// barrier makes every file written so far durable.
func (c *cache) barrier() error {
	if len(c.written) == 0 {
		return nil
	}
	if err := syncAll(c.fsys, c.written); err != nil {
		return fmt.Errorf("syncing the cache: %w", err)
	}
	c.written = c.written[:0]
	return nil
}

// present reports whether the file e describes is still there, whole; a
// file deleted or cut short by another process counts as absent.
func (c *cache) present(e *entry) bool {
	if e == nil {
		return false
	}
	info, err := c.fsys.Lstat(e.File)
	return err == nil && info.Mode().IsRegular() && info.Size() == e.Size
}

// read returns the cached bytes of e, checked against its record: a file
// whose size or SHA-256 differs (cut short, or lost to a crash of the
// system) is an error, and the caller downloads it again.
func (c *cache) read(e *entry) ([]byte, error) {
	data, err := c.readFile(e.File)
	switch {
	case err != nil:
	case int64(len(data)) != e.Size:
		err = fmt.Errorf("%s changed size", e.File)
	case e.SHA256 != "" && e.SHA256 != digest(data):
		err = fmt.Errorf("%s changed content", e.File)
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
	if err := c.removeFile(e.File); err != nil {
		return err
	}
	return c.removeFile(entryPath(e.URL))
}

// removeFile deletes rel; one already gone is no error. A symbolic link
// is removed itself, never what it points to.
func (c *cache) removeFile(rel string) error {
	if err := c.fsys.Remove(rel); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("removing %s: %w", rel, err)
	}
	return nil
}

// write replaces rel, a slash-separated path made by cachePath or
// entryPath, atomically; the next barrier makes it durable.
func (c *cache) write(rel string, data []byte) error {
	return c.put(rel, data, atomicfile.WriteFileNoSyncIn)
}

// writeDurable replaces rel atomically and durably.
func (c *cache) writeDurable(rel string, data []byte) error {
	return c.put(rel, data, atomicfile.WriteFileNoBackupIn)
}

// put writes rel with write, creating its folder when it is missing. What
// is larger than readFile reads back is refused.
func (c *cache) put(rel string, data []byte, write func(*os.Root, string, []byte, os.FileMode) error) error {
	if n := int64(len(data)); n > atomicfile.Limit() {
		return &atomicfile.TooLargeError{Path: filepath.Join(c.dir, filepath.FromSlash(rel)), Size: n, Write: true}
	}
	err := write(c.fsys, rel, data, 0o644)
	if errors.Is(err, fs.ErrNotExist) {
		if err := c.fsys.MkdirAll(path.Dir(rel), 0o755); err != nil {
			return fmt.Errorf("creating cache folder: %w", err)
		}
		err = write(c.fsys, rel, data, 0o644)
	}
	if err != nil {
		return err
	}
	c.written = append(c.written, rel)
	if c.wrote != nil {
		return c.wrote(rel)
	}
	return nil
}

// digest is the SHA-256 of data, in hex.
func digest(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

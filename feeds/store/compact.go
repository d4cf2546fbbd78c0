package store

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"

	"github.com/feedsync/feedsync/feeds/atomicfile"
	"github.com/feedsync/feedsync/feeds/dialect"
)

// KeepDepth is how far down each version's history the retention policy
// keeps recorded versions: the versions named by the KeepDepth topmost
// entries of every version of every item the feed holds (see the package
// doc).
const KeepDepth = 8

// Prune compacts the store against d, the feed it stands beside: it keeps
// the versions the retention policy keeps and rewrites the file without
// the rest.
func (s *Store) Prune(d *dialect.Doc) error {
	if s == nil || s.off || d == nil {
		return nil
	}
	return s.takeWarning(s.locked(func() error {
		f, err := s.openLocked()
		if err != nil || s.Stats().Records == 0 && s.end <= int64(headerSize) {
			return err
		}
		return s.compact(f, d)
	}))
}

// ranks gives, for each place a version of d's history names, how far
// down the history it is (0: a version's topmost entry), the least over
// all of d's versions.
func ranks(d *dialect.Doc) map[key]int {
	out := map[key]int{}
	for _, e := range d.Entries() {
		id := e.ID()
		vs := append([]dialect.Version{e.Winner()}, e.Versions()...)
		for _, v := range vs {
			for i, h := range v.History() {
				if i >= KeepDepth {
					break
				}
				k := placeKey(id, h)
				if r, ok := out[k]; !ok || i < r {
					out[k] = i
				}
			}
		}
	}
	return out
}

// depths are the retention policy's choices, deepest first.
var depths = [...]int{KeepDepth, 2, 1}

// compact rewrites the store file, which f holds under the lock, with the
// versions the policy keeps: those d's histories name to KeepDepth; then
// to depth 2, then 1 (the current versions), if the deeper choice would
// still fill more than three quarters of the cap. It reads the file twice
// (what each depth keeps, then the records kept) a window at a time, and
// writes a temporary file beside it, synced and renamed over the store,
// then its index: a crash leaves the old store or the new one, and a
// command's memory is the feed's ranks, not the store.
func (s *Store) compact(f *os.File, d *dialect.Doc) error {
	rk := ranks(d)
	var kept [len(depths)]int64
	sc := newScanner(f, s.end, int64(headerSize))
	sc.sound = s.end
	for _, p, ok := sc.next(); ok; _, p, ok = sc.next() {
		r := rankOf(p, rk)
		for i, dp := range depths {
			if r < dp {
				kept[i] += int64(frameSize + len(p))
			}
		}
	}
	depth := KeepDepth
	for i, dp := range depths {
		depth = dp
		if int64(headerSize)+kept[i] <= s.max*3/4 {
			break
		}
	}
	if d := sc.damage(); d != "" {
		s.warn(fmt.Errorf("%s: %s; the other records are kept", s.path, d))
	}
	so := &sorter{tmpDir: filepath.Dir(s.path)}
	defer so.close()
	end, err := s.rewrite(f, func(p []byte) bool { return rankOf(p, rk) < depth }, so)
	if err != nil {
		return err
	}
	nf, err := os.OpenFile(s.path, os.O_RDWR|oNoFollow, 0)
	if err != nil {
		return fmt.Errorf("%s: %w", s.path, err)
	}
	f.Close()
	s.f, s.end, s.floor = nf, end, end
	if err := s.installIndex(nf, so.sources(), indexHeader{end: end}); err != nil {
		s.rebuild = true // made from the log by the next command
		return fmt.Errorf("%s: %w", indexPath(s.path), err)
	}
	return nil
}

// rankOf is the rank of the record whose payload is p.
func rankOf(p []byte, rk map[key]int) int {
	id, h, _ := decodeKey(&reader{b: p})
	if r, ok := rk[placeKey(id, h)]; ok {
		return r
	}
	return KeepDepth
}

// rewrite writes the sound records of f that keep accepts to a temporary
// file beside the store, headed with its size as its floor, syncs it and
// renames it over the store; so is given their index entries. It returns
// the new file's size.
func (s *Store) rewrite(f *os.File, keep func([]byte) bool, so *sorter) (end int64, err error) {
	dir := filepath.Dir(s.path)
	removeTemps(s.path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(s.path)+".tmp-*")
	if err != nil {
		return 0, fmt.Errorf("compacting %s: %w", s.path, err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
			err = fmt.Errorf("compacting %s: %w", s.path, err)
		}
	}()
	if err = tmp.Chmod(s.filePerm()); err != nil {
		return 0, err
	}
	w := bufio.NewWriterSize(tmp, chunk)
	w.Write(header(0))
	at := int64(headerSize)
	sc := newScanner(f, s.end, int64(headerSize))
	var fr [frameSize]byte
	for _, p, ok := sc.next(); ok; _, p, ok = sc.next() {
		if !keep(p) {
			continue
		}
		id, h, digest := decodeKey(&reader{b: p})
		for _, e := range entriesOf(id, h, digest, at) {
			if err = so.add(e); err != nil {
				return 0, err
			}
		}
		binary.BigEndian.PutUint32(fr[:], uint32(len(p)))
		binary.BigEndian.PutUint32(fr[4:], crc32.Checksum(p, crcTable()))
		w.Write(fr[:])
		w.Write(p)
		at += int64(frameSize + len(p))
	}
	if err = w.Flush(); err != nil {
		return 0, err
	}
	if _, err = tmp.WriteAt(header(at), 0); err != nil {
		return 0, err
	}
	if err = tmp.Sync(); err != nil {
		return 0, err
	}
	if err = tmp.Close(); err != nil {
		return 0, err
	}
	if err = os.Rename(tmp.Name(), s.path); err != nil {
		return 0, err
	}
	atomicfile.SyncDir(dir)
	return at, nil
}

// replace writes data to a temporary file beside the store, syncs it and
// renames it over the store file.
func (s *Store) replace(data []byte) (err error) {
	dir := filepath.Dir(s.path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(s.path)+".tmp-*")
	if err != nil {
		return fmt.Errorf("compacting %s: %w", s.path, err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err = tmp.Chmod(s.filePerm()); err != nil {
		return fmt.Errorf("compacting %s: %w", s.path, err)
	}
	if _, err = tmp.Write(data); err != nil {
		return fmt.Errorf("compacting %s: %w", s.path, err)
	}
	if err = tmp.Sync(); err != nil {
		return fmt.Errorf("compacting %s: %w", s.path, err)
	}
	if err = tmp.Close(); err != nil {
		return fmt.Errorf("compacting %s: %w", s.path, err)
	}
	if err = os.Rename(tmp.Name(), s.path); err != nil {
		return fmt.Errorf("compacting %s: %w", s.path, err)
	}
	atomicfile.SyncDir(dir)
	return nil
}

package store

import (
	"errors"
	"fmt"
	"io"
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
	l, err := s.lock()
	if err != nil {
		return err
	}
	defer l.Release()
	f, err := s.openLocked()
	if err != nil {
		return err
	}
	if s.end == 0 {
		return s.takeWarning(nil)
	}
	return s.takeWarning(s.compact(f, d))
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

// compact rewrites the store file, which f holds under the lock, with the
// versions the policy keeps: those d's histories name to KeepDepth; then
// to depth 2, then 1 (the current versions), if the deeper choice would
// still fill more than three quarters of the cap. It writes a temporary
// file beside it, syncs it and renames it over the store, so that a crash
// leaves the old store or the new one.
func (s *Store) compact(f *os.File, d *dialect.Doc) error {
	data := make([]byte, s.end)
	if _, err := f.ReadAt(data, 0); err != nil && !errors.Is(err, io.EOF) {
		return fmt.Errorf("%s: %w", s.path, err)
	}
	rk := ranks(d)
	recs, err := rankedRecords(data, rk)
	if err != nil {
		return err
	}
	depth := KeepDepth
	for _, dp := range []int{KeepDepth, 2, 1} {
		depth = dp
		if keptSize(recs, dp) <= s.max*3/4 {
			break
		}
	}
	out := header(0)
	for _, r := range recs {
		if r.rank < depth {
			out = append(out, r.rec...)
		}
	}
	copy(out, header(int64(len(out))))
	if err := s.replace(out); err != nil {
		return err
	}
	f.Close()
	s.f, s.end = nil, 0
	_, err = s.openLocked()
	return err
}

// ranked is one record of the file and the rank of its place.
type ranked struct {
	rec  []byte
	rank int
}

// rankedRecords splits data, a whole store file, into its records, each
// with its rank (KeepDepth when d does not name it).
func rankedRecords(data []byte, rk map[key]int) ([]ranked, error) {
	var out []ranked
	for off := int64(headerSize); off < int64(len(data)); {
		fr, err := nextFrame(data[off:], off)
		if errors.Is(err, errTorn) {
			break
		}
		if err != nil {
			return nil, err
		}
		r := &reader{b: fr.payload}
		id, h, _ := decodeKey(r)
		rank, ok := rk[placeKey(id, h)]
		if !ok {
			rank = KeepDepth
		}
		out = append(out, ranked{rec: data[off : off+fr.size], rank: rank})
		off += fr.size
	}
	return out, nil
}

func keptSize(recs []ranked, depth int) int64 {
	n := int64(headerSize)
	for _, r := range recs {
		if r.rank < depth {
			n += int64(len(r.rec))
		}
	}
	return n
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

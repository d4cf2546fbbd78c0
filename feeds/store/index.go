package store

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/maphash"

	"github.com/feedsync/feedsync/feeds/dialect"
)

// key is a 128-bit hash of a version's key (item id, topmost history
// entry, digest of the shared data) or of its place (id and entry alone).
// Hashes live only in memory: the file holds the keys themselves, and a
// record found by its hash is checked against the key asked for.
type key [2]uint64

var seed2 = maphash.MakeSeed()

func hashOf(parts ...string) key {
	var a, b maphash.Hash
	a.SetSeed(seed)
	b.SetSeed(seed2)
	var n [binary.MaxVarintLen64]byte
	for _, p := range parts {
		l := binary.PutUvarint(n[:], uint64(len(p))) // so that parts cannot run together
		a.Write(n[:l])
		b.Write(n[:l])
		a.WriteString(p)
		b.WriteString(p)
	}
	return key{a.Sum64(), b.Sum64()}
}

// placeKey hashes an item id and a history entry; versionKey adds the digest.
func placeKey(id string, h dialect.History) key {
	return hashOf(id, entryText(h), h.By)
}

func versionKey(id string, h dialect.History, digest string) key {
	return hashOf(id, entryText(h), h.By, digest)
}

// entryText is a history entry's number and when, for hashing: the when
// as its instant (History.Equal compares instants), none when absent.
func entryText(h dialect.History) string {
	b := binary.AppendVarint(make([]byte, 0, 24), int64(h.Number))
	if h.HasWhen() {
		b = binary.AppendVarint(b, h.When.Unix())
		b = binary.AppendVarint(b, int64(h.When.Nanosecond()))
	}
	return string(b)
}

// place is where the record of a place is, and the hash of its digest; off
// is -1 when two records with different data share the place.
type place struct {
	off    int64
	digest uint64
}

// index is what the store holds, in memory: the versions (for Record to
// skip), the places (for Base) and the items (for Stats).
type index struct {
	versions map[key]struct{}
	places   map[key]place
	items    map[uint64]struct{}
	records  int
	floor    int64 // the header's floor
}

func newIndex() index {
	return index{versions: map[key]struct{}{}, places: map[key]place{}, items: map[uint64]struct{}{}}
}

// has reports whether the index holds the version.
func (x *index) has(k key) bool {
	_, ok := x.versions[k]
	return ok
}

// add indexes the record of a version at off.
func (x *index) add(id string, h dialect.History, digest string, off int64) {
	vk := versionKey(id, h, digest)
	if x.has(vk) {
		return // the same version twice: two writers raced, both are right
	}
	x.versions[vk] = struct{}{}
	x.records++
	x.items[maphash.String(seed, id)] = struct{}{}
	pk, d := placeKey(id, h), maphash.String(seed, digest)
	if p, ok := x.places[pk]; ok {
		if p.digest != d {
			x.places[pk] = place{off: -1, digest: p.digest}
		}
		return
	}
	x.places[pk] = place{off: off, digest: d}
}

// at returns the offset of the one record of a place.
func (x *index) at(id string, h dialect.History) (int64, bool) {
	p, ok := x.places[placeKey(id, h)]
	if !ok || p.off < 0 {
		return 0, false
	}
	return p.off, true
}

// scan indexes the records of data, the file from offset base to its end
// (base 0: the whole file, header first), and returns where the last
// whole record ends. A torn last record ends the scan without an error;
// damage is an error.
func (x *index) scan(data []byte, base int64) (int64, error) {
	off := base
	if base == 0 {
		if len(data) < headerSize && bytes.HasPrefix(header(0), data[:min(len(data), len(magic)+4)]) {
			return 0, nil // a store whose creation was cut short: empty
		}
		if err := checkHeader(data); err != nil {
			return 0, err
		}
		x.floor = floorOf(data)
		off = int64(headerSize)
	}
	for off < base+int64(len(data)) {
		fr, err := nextFrame(data[off-base:], off)
		if errors.Is(err, errTorn) {
			return off, nil
		}
		if err != nil {
			return 0, err
		}
		r := &reader{b: fr.payload}
		id, h, digest := decodeKey(r)
		if r.err != nil {
			return 0, r.err
		}
		x.add(id, h, digest, off)
		off += fr.size
	}
	return off, nil
}

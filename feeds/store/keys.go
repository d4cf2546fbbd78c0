package store

import (
	"crypto/sha256"
	"encoding/binary"

	"github.com/feedsync/feedsync/feeds/dialect"
)

// key is what the index sorts and looks up: the first 16 bytes of the
// SHA-256 of a place (an item id and a history entry) or of an item id,
// each in its own domain. The index file holds keys, so they are the same
// in every process (a keyed in-memory hash is not); the log holds the
// places themselves, and a record found by its key is checked against
// the place asked for.
type key [16]byte

// hashKey hashes a domain byte and parts, each after its length, so that
// parts cannot run together.
func hashKey(domain byte, parts ...string) key {
	var buf [256]byte
	b := append(buf[:0], domain)
	for _, p := range parts {
		b = binary.AppendUvarint(b, uint64(len(p)))
		b = append(b, p...)
	}
	sum := sha256.Sum256(b)
	return key(sum[:16])
}

// placeKey is the key of a place: item id and history entry (its number,
// its when as an instant, its by).
func placeKey(id string, h dialect.History) key {
	return hashKey('p', id, entryText(h), h.By)
}

// itemKey is the key of an item, which Stats counts.
func itemKey(id string) key { return hashKey('i', id) }

// digestTag tells the versions of one place apart: 64 bits of the hash of
// the version's digest, never 0 (0 marks an item's entry).
func digestTag(digest string) uint64 {
	s := sha256.Sum256([]byte(digest))
	return binary.BigEndian.Uint64(s[:8]) | 1
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

// entry is one line of the index: a place's version (tag: its digest's,
// off: its record's offset in the log) or an item (tag 0).
type entry struct {
	k   key
	tag uint64
	off int64
}

// less orders entries by key, then tag.
func (e entry) less(o entry) bool { return compareVids(vid{e.k, e.tag}, vid{o.k, o.tag}) < 0 }

func compareKeys(a, b key) int {
	for i := range a {
		if a[i] != b[i] {
			if a[i] < b[i] {
				return -1
			}
			return 1
		}
	}
	return 0
}

// entriesOf returns the index entries of a record at off: its place's
// version and its item.
func entriesOf(id string, h dialect.History, digest string, off int64) [2]entry {
	return [2]entry{{k: placeKey(id, h), tag: digestTag(digest), off: off}, {k: itemKey(id)}}
}

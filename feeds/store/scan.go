package store

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
)

// scanner reads the records of a store file in order, a window at a
// time, so that reading a store costs a window of memory whatever its
// size. Damage (a length or a checksum that fails, a record whose key
// does not decode) is skipped: the scan finds the next sound record and
// goes on, as the hub's journal does, and counts what it skipped. What
// follows the last sound record, when no sound record follows it, is a
// torn tail (an append a kill cut short), not damage, unless the index
// covered it (sound, before the end the index was made at).
type scanner struct {
	r     io.ReaderAt
	size  int64  // the file's size
	buf   []byte // the file from at
	at    int64
	off   int64 // the next record's offset
	sound int64 // damage at or before this offset is damage, never a torn tail

	damaged      int   // places skipped
	damagedBytes int64 // bytes skipped
	firstDamage  int64 // the offset of the first, for the warning
}

// window is how much of the file a scanner reads at once.
const window = 1 << 20

func newScanner(r io.ReaderAt, size, from int64) *scanner {
	return &scanner{r: r, size: size, off: from, firstDamage: -1}
}

// bytes returns the n bytes of the file at off, reading a new window when
// they are not in the one held; false when the file ends first.
func (sc *scanner) bytes(off, n int64) ([]byte, bool) {
	if off < sc.at || off+n > sc.at+int64(len(sc.buf)) {
		if off+n > sc.size {
			return nil, false
		}
		l := min(max(n, window), sc.size-off)
		if int64(cap(sc.buf)) < l {
			sc.buf = make([]byte, l)
		}
		sc.buf = sc.buf[:l]
		if _, err := sc.r.ReadAt(sc.buf, off); err != nil && !errors.Is(err, io.EOF) {
			sc.buf = sc.buf[:0]
			return nil, false
		}
		sc.at = off
	}
	return sc.buf[off-sc.at : off-sc.at+n], true
}

// frameAt returns the payload of a sound record at off, and its size in
// the file; false when there is none (cut short or damaged).
func (sc *scanner) frameAt(off int64) ([]byte, int64, bool) {
	fr, ok := sc.bytes(off, frameSize)
	if !ok {
		return nil, 0, false
	}
	n := int64(binary.BigEndian.Uint32(fr))
	sum := binary.BigEndian.Uint32(fr[4:])
	if n == 0 || n > MaxRecord || off+frameSize+n > sc.size {
		return nil, 0, false
	}
	p, ok := sc.bytes(off+frameSize, n)
	if !ok || crc32.Checksum(p, crcTable()) != sum {
		return nil, 0, false
	}
	r := &reader{b: p}
	decodeKey(r)
	if r.err != nil {
		return nil, 0, false
	}
	return p, frameSize + n, true
}

// next returns the next sound record: its offset and payload (valid until
// the next call). false: the file ends (End says where its sound part
// does).
func (sc *scanner) next() (int64, []byte, bool) {
	if sc.off >= sc.size {
		return 0, nil, false
	}
	if p, n, ok := sc.frameAt(sc.off); ok {
		off := sc.off
		sc.off += n
		return off, p, true
	}
	next := sc.resync(sc.off)
	if next < 0 { // nothing sound follows: a torn tail, or damage the index vouched for
		if sc.off < sc.sound {
			sc.skip(sc.off, sc.size-sc.off)
			sc.off = sc.size
		}
		return 0, nil, false
	}
	sc.skip(sc.off, next-sc.off)
	sc.off = next
	return sc.next()
}

func (sc *scanner) skip(off, n int64) {
	if sc.firstDamage < 0 {
		sc.firstDamage = off
	}
	sc.damaged++
	sc.damagedBytes += n
}

// End is where the sound part of the file ends: after the last sound
// record, before a torn tail.
func (sc *scanner) End() int64 { return sc.off }

// resync returns where the next sound record after the unsound one at off
// begins: where its length says, when that is sound, or else the first
// place a sound record begins; -1 when none does.
func (sc *scanner) resync(off int64) int64 {
	if fr, ok := sc.bytes(off, frameSize); ok {
		next := off + frameSize + int64(binary.BigEndian.Uint32(fr))
		if next > off+frameSize && next < sc.size {
			if _, _, ok := sc.frameAt(next); ok {
				return next
			}
		}
	}
	for i := off + 1; i+frameSize <= sc.size; i++ {
		if _, _, ok := sc.frameAt(i); ok {
			return i
		}
	}
	return -1
}

// damage describes what a scan skipped, for a warning; "" when nothing.
func (sc *scanner) damage() string {
	if sc.damaged == 0 {
		return ""
	}
	return fmt.Sprintf("%s damaged (%s from offset %d) skipped", count(sc.damaged, "record"), count(int(sc.damagedBytes), "byte"), sc.firstDamage)
}

// count is n and a noun, plural unless n is 1.
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

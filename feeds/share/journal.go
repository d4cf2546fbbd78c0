package share

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/feedsync/feedsync/feeds/atomicfile"
)

// The hub's journal (see the package doc, "Durability"): each accepted
// POST appends one record, fsynced before the POST is answered, to the
// newest segment of .feedsync/FEED.journal.N; a fold writes FEED and the
// stamps and then removes the segments it folded. A record is framed as
//
//	length (4 bytes, big endian) | CRC-32C of the payload (4) | payload
//
// and its payload is the length of a JSON header (4 bytes), the header
// (the stamp and the items it stamped with their digests) and the changed
// items as a feed of their own. A record cut short or whose checksum does
// not match (the hub was killed while appending it) ends the segment: it
// was never acknowledged, and it is cut off when the journal is opened.
// Damage that sound records follow is not a kill's: it is skipped and
// reported, and the records after it are read (readSegment).

// journalRecord is one accepted change.
type journalRecord struct {
	Stamp   int64       `json:"stamp"`   // 0: the change stamped nothing
	Until   int64       `json:"until"`   // the state's until after it
	Dialect string      `json:"dialect"` // the state's dialect after it
	Items   []stampedID `json:"items"`   // the items stamped, with their sync digests
	Feed    []byte      `json:"-"`       // the changed items, as a feed
	// FeedID and FeedName say whose record it is: the feed's identity
	// (its state's FeedID) and FEED's file name. A record written before
	// records said so has neither (ownRecords).
	FeedID   string `json:"feed_id,omitempty"`
	FeedName string `json:"feed_name,omitempty"`

	seg int // the segment it was read from
}

// stampedID is an item's stamp as a record holds it.
type stampedID struct {
	ID  string `json:"id"`
	Sum string `json:"sum"`
}

// crcTable is CRC-32C's (Castagnoli), made when first used: making it
// costs about a million instructions, which every command would pay at
// start-up (TestStartupInitIsLight).
var crcTable = sync.OnceValue(func() *crc32.Table { return crc32.MakeTable(crc32.Castagnoli) })

// maxRecord is the longest record a frame holds, its length a uint32. A
// record holds the items a POST changed, which the size limit of a feed
// bounds (atomicfile.Limit): it was 1 GiB, and a POST under a raised limit
// was written, acknowledged and then read back as damage. The reader
// takes any length its segment holds (a segment is read whole, so a
// garbled length allocates nothing); encode refuses a longer record, and
// the POST is then made durable by a fold instead.
const maxRecord = 1<<32 - 1

// errRecordTooLong refuses a record longer than a frame holds.
var errRecordTooLong = errors.New("a journal record longer than 4 GiB")

// encode frames a record.
func (r *journalRecord) encode() ([]byte, error) {
	head, err := json.Marshal(r)
	if err != nil {
		return nil, err
	}
	n := 4 + len(head) + len(r.Feed)
	if int64(n) > maxRecord {
		return nil, errRecordTooLong
	}
	b := make([]byte, 8, 8+n)
	b = binary.BigEndian.AppendUint32(b, uint32(len(head)))
	b = append(b, head...)
	b = append(b, r.Feed...)
	binary.BigEndian.PutUint32(b[0:4], uint32(n))
	binary.BigEndian.PutUint32(b[4:8], crc32.Checksum(b[8:], crcTable()))
	return b, nil
}

// decodeRecords reads the records of a segment and returns them with the
// length of its sound prefix: a record cut short or corrupt ends it.
func decodeRecords(data []byte) ([]journalRecord, int) {
	var out []journalRecord
	off := 0
	for {
		r, n, ok := decodeRecord(data[off:])
		if !ok {
			return out, off
		}
		out = append(out, r)
		off += n
	}
}

// decodeRecord reads the record at the start of data and its length
// framed; false: it is cut short or corrupt.
func decodeRecord(data []byte) (journalRecord, int, bool) {
	var r journalRecord
	if len(data) < 8 {
		return r, 0, false
	}
	n := int(binary.BigEndian.Uint32(data))
	sum := binary.BigEndian.Uint32(data[4:])
	if n < 4 || n > len(data)-8 {
		return r, 0, false
	}
	p := data[8 : 8+n]
	if crc32.Checksum(p, crcTable()) != sum {
		return r, 0, false
	}
	hn := int(binary.BigEndian.Uint32(p))
	if hn > len(p)-4 || json.Unmarshal(p[4:4+hn], &r) != nil {
		return r, 0, false
	}
	r.Feed = p[4+hn:]
	return r, 8 + n, true
}

// resync returns where the next sound record after the unsound one at
// off begins: where its length says, when that is sound, or else the
// first place a sound record begins; -1 when none does (a torn tail).
func resync(data []byte, off int) int {
	if len(data)-off >= 8 {
		next := off + 8 + int(binary.BigEndian.Uint32(data[off:]))
		if next > off+8 && next < len(data) {
			if _, _, ok := decodeRecord(data[next:]); ok {
				return next
			}
		}
	}
	for i := off + 1; i+8 <= len(data); i++ {
		if _, _, ok := decodeRecord(data[i:]); ok {
			return i
		}
	}
	return -1
}

// journal is the hub's journal: its segments, the one appended to, and
// the group commit of appends (wait).
type journal struct {
	base string      // .feedsync/FEED.journal; segments are base.N
	perm fs.FileMode // of the files it creates: FEED's (atomicfile.ModeBeside)
	f    *os.File
	seg  int // the segment appended to

	mu       sync.Mutex
	cond     *sync.Cond
	reserved uint64 // records given a place (reserve)
	written  uint64 // records written to the file
	synced   uint64 // records known durable
	before   uint64 // synced before the fsync (or fold) that made it so: the last group commit is before+1 to synced
	syncing  bool
	failed   error  // a write or fsync failed: later waits report it
	failedAt uint64 // the last record reserved when it failed
	syncHook func() // when set by a test, called before each fsync

	damage []string // damaged records found when it was opened, for the log
}

// errJournalClosed answers a POST that comes after the hub closed.
var errJournalClosed = errors.New("the hub is closed")

// journalPath is the base name of the journal beside feed.
func journalPath(feed string) string {
	return filepath.Join(filepath.Dir(feed), ".feedsync", filepath.Base(feed)+".journal")
}

// segments lists the journal's segment numbers, in order: the files
// beside base named base.N.
func segments(base string) ([]int, error) {
	entries, err := os.ReadDir(filepath.Dir(base))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	prefix := filepath.Base(base) + "."
	var out []int
	for _, e := range entries {
		rest, ok := strings.CutPrefix(e.Name(), prefix)
		if n, err := strconv.Atoi(rest); ok && err == nil && n > 0 {
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out, nil
}

// openJournal reads every record of the journal beside feed, cuts a torn
// record off the end of a segment, and opens a new segment to append to.
func openJournal(feed string) (*journal, []journalRecord, error) {
	j := &journal{base: journalPath(feed), perm: atomicfile.ModeBeside(feed)}
	j.cond = sync.NewCond(&j.mu)
	segs, err := segments(j.base)
	if err != nil {
		return nil, nil, err
	}
	var all []journalRecord
	for _, n := range segs {
		recs, err := j.readSegment(n)
		if err != nil {
			return nil, nil, err
		}
		all = append(all, recs...)
		j.seg = n
	}
	if err := j.open(j.seg + 1); err != nil {
		return nil, nil, err
	}
	return j, all, nil
}

// readSegment returns a segment's records, cutting off a torn tail. A
// damaged record that sound ones follow is no torn tail (those were
// acknowledged): it is skipped, the records after it are read, the
// damage is reported (j.damage) and the segment is kept as found in
// FEED.journal.N.damaged.
func (j *journal) readSegment(n int) ([]journalRecord, error) {
	name := j.segName(n)
	if err := regularSegment(name); err != nil {
		return nil, err
	}
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("reading the journal: %w", err)
	}
	var recs []journalRecord
	damaged := false
	for off := 0; ; {
		got, sound := decodeRecords(data[off:])
		for i := range got {
			got[i].seg = n
		}
		recs = append(recs, got...)
		off += sound
		if off == len(data) {
			break
		}
		next := resync(data, off)
		if next < 0 {
			if err := os.Truncate(name, int64(off)); err != nil {
				return nil, fmt.Errorf("cutting a torn record off the journal: %w", err)
			}
			break
		}
		j.damage = append(j.damage, fmt.Sprintf("%s: bytes %d to %d of the journal are damaged: the change they held is lost (the records after them are replayed; the segment is kept as %s.damaged)",
			name, off, next, filepath.Base(name)))
		damaged = true
		off = next
	}
	if damaged {
		if err := atomicfile.WriteFileNoBackup(name+".damaged", data, j.perm); err != nil {
			return nil, fmt.Errorf("keeping a damaged journal segment: %w", err)
		}
	}
	return recs, nil
}

// regularSegment refuses a segment that is there and is no regular file:
// the hub makes none other, and reading, cutting or appending to what a
// symbolic link names would change a file that is not the journal's.
func regularSegment(name string) error {
	fi, err := os.Lstat(name)
	if err != nil || fi.Mode().IsRegular() {
		return nil // absent: open creates it; another error: the read says it
	}
	return fmt.Errorf("%s: a journal segment that is not a regular file (%v); the hub writes none such: move it away and start again", name, fi.Mode().Type())
}

func (j *journal) segName(n int) string { return j.base + "." + strconv.Itoa(n) }

// open makes segment n the one appended to.
func (j *journal) open(n int) error {
	if err := regularSegment(j.segName(n)); err != nil {
		return err
	}
	f, err := os.OpenFile(j.segName(n), os.O_WRONLY|os.O_CREATE|os.O_APPEND, j.perm)
	if err != nil {
		return fmt.Errorf("opening the journal: %w", err)
	}
	atomicfile.Created(f, j.perm)
	atomicfile.SyncDir(filepath.Dir(j.base))
	j.f, j.seg = f, n
	return nil
}

// reserve gives the next record its place; the caller writes it with
// write, in the order reserved (the hub's writers are serialized).
func (j *journal) reserve() uint64 {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.reserved++
	return j.reserved
}

// last returns the number of records reserved so far: a reader that has
// seen the hub's state waits for it to be durable (wait).
func (j *journal) last() uint64 {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.reserved
}

// durableTo returns the number of records known durable.
func (j *journal) durableTo() uint64 {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.synced
}

// lastCommit returns the records the last fsync (or fold) made durable:
// those after from, up to to.
func (j *journal) lastCommit() (from, to uint64) {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.before, j.synced
}

// advance records that the records up to n are durable. j.mu is held.
func (j *journal) advance(n uint64) {
	if n > j.synced {
		j.before, j.synced = j.synced, n
	}
}

// write appends record seq, without waiting for it to be durable.
func (j *journal) write(seq uint64, rec []byte) error {
	err := errJournalClosed
	if j.f != nil {
		_, err = j.f.Write(rec)
	}
	if err != nil {
		err = fmt.Errorf("appending to the journal: %w", err)
		j.fail(err)
		return err
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	j.written = seq
	return nil
}

// fail records that record seq could not be written.
func (j *journal) fail(err error) {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.failed, j.failedAt = err, j.reserved
	j.cond.Broadcast()
}

// wait returns once record seq is durable. Waiters share fsyncs: one
// fsync makes every record written before it durable (group commit).
func (j *journal) wait(seq uint64) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	for j.synced < seq {
		if j.failed != nil {
			return j.failed
		}
		if j.syncing || j.written < seq {
			j.cond.Wait()
			continue
		}
		j.syncing = true
		target, f, hook := j.written, j.f, j.syncHook
		j.mu.Unlock()
		if hook != nil {
			hook()
		}
		err := f.Sync()
		j.mu.Lock()
		j.syncing = false
		if err != nil {
			j.failed, j.failedAt = fmt.Errorf("syncing the journal: %w", err), j.reserved
		} else {
			j.advance(target)
		}
		j.cond.Broadcast()
	}
	return nil
}

// folded marks the records up to upto durable, a fold having written
// FEED with them, and forgets a failure among them.
func (j *journal) folded(upto uint64) {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.written = max(j.written, upto)
	j.advance(upto)
	if j.failed != nil && j.failedAt <= upto {
		j.failed = nil
	}
	j.cond.Broadcast()
}

// rotate starts a new segment and returns the number of the last one
// before it: what a fold that has taken the hub's state now folds. The
// hub's writers are held. The records written so far are made durable
// first, when the journal can: else the fold makes them so.
func (j *journal) rotate() (int, error) {
	j.wait(j.last())
	old, n := j.f, j.seg
	if err := j.open(n + 1); err != nil {
		return 0, err
	}
	old.Close()
	return n, nil
}

// drop removes the segments up to n, which a fold has written into FEED.
func (j *journal) drop(n int) error {
	segs, err := segments(j.base)
	if err != nil {
		return err
	}
	for _, s := range segs {
		if s <= n {
			if err := os.Remove(j.segName(s)); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return err
			}
		}
	}
	return nil
}

// close closes the segment appended to, removing it when it is empty.
func (j *journal) close() {
	if j.f == nil {
		return
	}
	if fi, err := j.f.Stat(); err == nil && fi.Size() == 0 {
		os.Remove(j.segName(j.seg))
	}
	j.f.Close()
	j.f = nil
}

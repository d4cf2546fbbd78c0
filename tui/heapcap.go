package tui

import (
	"math"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
)

// A batch command's heap is capped at a multiple of the bytes it reads
// (debug.SetMemoryLimit), so that its peak is a multiple of its inputs
// however the collector's pacing falls: with GOGC alone the heap may grow
// to twice what it holds after a collection (five times while a feed is
// parsed, loading), and where the last collection falls decides the peak.
// Measured on the generated 100k pair (197 MiB), whole process: without
// the cap 461 MiB; capped at 1.45, 1.25 and 1.1 times the input, 453, 446
// and 421 MiB for 1.00, 1.05 and 1.14 times the CPU; a merge into a new
// store (which holds more while it writes), 472 MiB without the cap, 465 at
// 1.45 (1.04 times the CPU), 454 at 1.25 (1.16). 1.45 it is: the peak
// no longer depends on where a collection falls, for next to no CPU.
//
// The cap is never allowed to make the collector run without end: after
// each collection it is kept at least capRoom times the live heap, so
// that a feed whose model outweighs its bytes (tiny items, long
// histories) costs collections in proportion to what the command holds,
// as GOGC=25 would, not one after another. A GOMEMLIMIT or GOGC=off the
// user set is left as set.
const (
	capFloor = 64 << 20 // the cap before anything is read
	capPer   = 1.45     // the cap grows by this many bytes per byte read
	capRoom  = 1.25     // and is at least this many times the live heap
)

// The git merge driver is held to room for a collection as GOGC=100
// would give it (capRoomDriver): it holds three versions of a feed and
// the merge, about twice what it reads, well above capPer, so that at
// capRoom its collector ran at every quarter of the heap allocated anew,
// a third of its CPU at 10k items; git runs it once per file while a
// person waits. Its peak is about a sixth higher (issue 30 item 2: 1.17 s
// and 128 MiB for an SSE 0.91 RSS merge of 3 x 8 MB, against 1.56 s and
// 110 MiB).
const capRoomDriver = 2.0

// capRoomOf returns the room command cmd's heap is held to.
func capRoomOf(cmd string) float64 {
	if cmd == "git-merge" {
		return capRoomDriver
	}
	return capRoom
}

// capSet, when set (by tests), is told each cap set.
var capSet func(int64)

// heapCap is the cap of the batch commands under way (capHeap).
var heapCap struct {
	sync.Mutex
	runs int     // the commands under way
	old  int64   // the memory limit before the first
	read int64   // the bytes they have read
	cap  int64   // the cap set
	room float64 // the most room any of them is held to (capRoomOf)
	gen  int     // counts the runs of commands: a check armed in an earlier run does nothing
}

// capHeap caps the heap of a batch command, held to room times its live
// heap at least, and returns what lifts it. Commands that overlap in one
// process share the cap, which grows with what any of them reads, and
// the most room any of them is held to; the last to end sets the limit
// back.
func capHeap(room float64) (lift func()) {
	heapCap.Lock()
	defer heapCap.Unlock()
	if heapCap.runs == 0 {
		old := debug.SetMemoryLimit(-1) // reads it: a negative limit sets nothing
		if old != math.MaxInt64 || gogc() < 0 {
			return func() {}
		}
		heapCap.old, heapCap.read, heapCap.room = old, 0, room
		setCap(capFloor)
		armCheck()
	}
	heapCap.room = max(heapCap.room, room)
	heapCap.runs++
	return lastOut(&heapCap.Mutex, func() {
		if heapCap.runs--; heapCap.runs == 0 {
			heapCap.gen++
			heapCap.cap = 0
			debug.SetMemoryLimit(heapCap.old)
		}
	})
}

// lastOut returns the end of one use of a setting that overlapping uses
// share (capHeap, loading): it runs end under mu, on its first call only;
// end sets the setting back when it ends the last use.
func lastOut(mu *sync.Mutex, end func()) func() {
	var once sync.Once
	return func() {
		once.Do(func() {
			mu.Lock()
			defer mu.Unlock()
			end()
		})
	}
}

// capRead grows the cap by what n bytes read may cost.
func capRead(n int) {
	heapCap.Lock()
	defer heapCap.Unlock()
	if heapCap.runs == 0 {
		return
	}
	heapCap.read += int64(n)
	setCap(capFor(heapCap.read, 0, heapCap.cap, heapCap.room))
}

// capFor returns the cap for bytes read and a live heap of live bytes,
// given the cap now and the room: capPer per byte read, at least
// capFloor and room times the live heap, and never lower than it was.
func capFor(read, live, now int64, room float64) int64 {
	return max(now, capFloor, int64(capPer*float64(read)), int64(room*float64(live)))
}

// setCap sets the cap; heapCap is held.
func setCap(c int64) {
	if c != heapCap.cap {
		if capSet != nil {
			capSet(c)
		}
		heapCap.cap = c
		debug.SetMemoryLimit(c)
	}
}

// gcTick is garbage made to learn when a collection has run: its cleanup
// runs after the collection that finds it unreachable. It holds a pointer
// so that it is not allocated with other small objects, whose cleanups may
// never run.
type gcTick struct {
	_ *int
	_ [8]byte
}

// armCheck has the cap checked after the next collection; heapCap is held.
func armCheck() {
	runtime.AddCleanup(&gcTick{}, afterGC, heapCap.gen)
}

// afterGC keeps the cap above the live heap (room) and checks again
// after the next collection, while the commands of run gen go on.
func afterGC(gen int) {
	heapCap.Lock()
	defer heapCap.Unlock()
	if heapCap.runs == 0 || heapCap.gen != gen {
		return // the commands ended
	}
	setCap(capFor(heapCap.read, liveHeap(), heapCap.cap, heapCap.room))
	armCheck()
}

// liveHeap returns the heap the last collection found live.
func liveHeap() int64 {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return int64(s[0].Value.Uint64())
}

// gogc returns GOGC without setting it (debug.SetGCPercent sets it,
// which would race with loading); -1: off.
func gogc() int {
	s := []metrics.Sample{{Name: "/gc/gogc:percent"}}
	metrics.Read(s)
	return int(int64(s[0].Value.Uint64()))
}

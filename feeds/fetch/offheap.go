package fetch

import "sync"

// OffHeap reads files into memory the Go heap does not hold, for a
// command that reads its feeds once and ends: the garbage collector lets
// the heap grow to twice what it holds (GOGC=100), which counts a feed's
// bytes twice when they are on the heap, though they are never garbage
// and hold no pointers; read into memory of the OffHeap's own they count
// once. A merge of the generated 100k pair peaked at 3.6 times its
// inputs' size with them on the heap, 3.0 times with them off it.
//
// The memory is given back by Free alone, which the command calls when
// nothing it read is used any longer (the trees and strings made from a
// feed share its bytes), or, for work that may outlive the command, by
// the last Use's done after Free. A nil *OffHeap reads onto the heap, as ReadFile
// does. Files smaller than OffHeapMin are read onto the heap, and where
// the system has no anonymous mappings (offHeapAlloc), every file is.
type OffHeap struct {
	mu    sync.Mutex
	held  [][]byte // the mappings, for Free
	users int      // the Use calls not yet done
	freed bool     // Free was called while users > 0: the last done frees
}

// OffHeapMin is the size from which OffHeap keeps a file off the heap.
const OffHeapMin = 1 << 20

// ReadFile is ReadFile into o's memory.
func (o *OffHeap) ReadFile(path string, max int64) ([]byte, error) {
	if o == nil {
		return ReadFile(path, max)
	}
	return readFile(path, max, o.alloc)
}

// alloc returns a buffer of n bytes: mapped, when n is large enough and
// the system maps, else from the heap.
func (o *OffHeap) alloc(n int64) []byte {
	if n >= OffHeapMin {
		if b := offHeapAlloc(n); b != nil {
			o.mu.Lock()
			o.held = append(o.held, b)
			o.mu.Unlock()
			return b
		}
	}
	return make([]byte, n)
}

// Free gives back the memory of every file o read, or, while a Use is
// not yet done, has the last done give it back. Nothing read through o
// may be used afterwards: that would be a fault, not a stale value.
func (o *OffHeap) Free() {
	if o == nil {
		return
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.users > 0 {
		o.freed = true
		return
	}
	o.free()
}

// Use tells o that the caller may go on reading what o holds after its
// owner calls Free: work a command leaves running when it returns (an
// interrupt returns at once, the work ends with the process). Free then
// leaves the memory to the done Use returns, which must be called once,
// when the work ends.
func (o *OffHeap) Use() (done func()) {
	if o == nil {
		return func() {}
	}
	o.mu.Lock()
	o.users++
	o.mu.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			o.mu.Lock()
			defer o.mu.Unlock()
			if o.users--; o.users == 0 && o.freed {
				o.free()
			}
		})
	}
}

// free unmaps what o holds; o.mu is held.
func (o *OffHeap) free() {
	for _, b := range o.held {
		offHeapFree(b)
	}
	o.held, o.freed = nil, false
}

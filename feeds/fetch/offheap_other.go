//go:build !unix

package fetch

// offHeapAlloc returns nil: here OffHeap reads onto the heap.
func offHeapAlloc(n int64) []byte { return nil }

// offHeapFree is never called here.
func offHeapFree(b []byte) {}

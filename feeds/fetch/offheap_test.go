//go:build unix

package fetch

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// TestOffHeapReadsWhatReadFileReads: a file read through an OffHeap is the
// same bytes ReadFile reads, large or small, under the same limit; a
// large one's bytes are not on the Go heap (they are not counted in
// HeapAlloc, which a file read by ReadFile is); Free gives them back.
func TestOffHeapReadsWhatReadFileReads(t *testing.T) {
	dir := t.TempDir()
	big := bytes.Repeat([]byte("<entry>0123456789</entry>\n"), 4*OffHeapMin/26)
	small := []byte("<feed/>")
	for name, data := range map[string][]byte{"big.xml": big, "small.xml": small} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var o OffHeap
	for _, name := range []string{"big.xml", "small.xml"} {
		p := filepath.Join(dir, name)
		want, err := ReadFile(p, 1<<30)
		if err != nil {
			t.Fatal(err)
		}
		got, err := o.ReadFile(p, 1<<30)
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("%s: %d bytes, %v; want the %d ReadFile read", name, len(got), err, len(want))
		}
		if _, err := o.ReadFile(p, int64(len(want)-1)); err == nil {
			t.Errorf("%s: read past its limit", name)
		}
	}
	if len(o.held) != 1 {
		t.Fatalf("%d mappings held, want 1 (the big file's)", len(o.held))
	}
	heap := func(read func() []byte) uint64 {
		runtime.GC()
		var a, b runtime.MemStats
		runtime.ReadMemStats(&a)
		data := read()
		runtime.GC()
		runtime.ReadMemStats(&b)
		runtime.KeepAlive(data)
		return b.HeapAlloc - min(a.HeapAlloc, b.HeapAlloc)
	}
	p := filepath.Join(dir, "big.xml")
	on := heap(func() []byte { b, _ := ReadFile(p, 1<<30); return b })
	off := heap(func() []byte { b, _ := o.ReadFile(p, 1<<30); return b })
	if on < uint64(len(big))*3/4 || off > uint64(len(big))/4 {
		t.Errorf("the heap grew by %d bytes reading %d on the heap and by %d off it", on, len(big), off)
	}
	o.Free()
	if len(o.held) != 0 {
		t.Errorf("%d mappings held after Free", len(o.held))
	}
	var none *OffHeap
	if got, err := none.ReadFile(p, 1<<30); err != nil || !bytes.Equal(got, big) {
		t.Errorf("a nil OffHeap read %d bytes, %v", len(got), err)
	}
}

// TestFreeWaitsForUse: Free while a Use is not done leaves the memory
// mapped and readable; the last done gives it back, once, however often
// it is called.
func TestFreeWaitsForUse(t *testing.T) {
	p := filepath.Join(t.TempDir(), "big.xml")
	big := bytes.Repeat([]byte("<entry/>"), 2*OffHeapMin/8)
	if err := os.WriteFile(p, big, 0o644); err != nil {
		t.Fatal(err)
	}
	var o OffHeap
	first, second := o.Use(), o.Use()
	data, err := o.ReadFile(p, 1<<30)
	if err != nil {
		t.Fatal(err)
	}
	o.Free()
	first()
	first()
	if len(o.held) != 1 || !bytes.Equal(data, big) {
		t.Fatalf("%d mappings held while one Use is not done, want 1 and its bytes", len(o.held))
	}
	second()
	if len(o.held) != 0 {
		t.Errorf("%d mappings held after the last Use is done", len(o.held))
	}
	done := o.Use() // no Free pending: done frees nothing, Free does
	if _, err := o.ReadFile(p, 1<<30); err != nil {
		t.Fatal(err)
	}
	done()
	if len(o.held) != 1 {
		t.Errorf("%d mappings held: a Use done before any Free gave them back", len(o.held))
	}
	o.Free()
	if len(o.held) != 0 {
		t.Errorf("%d mappings held after Free", len(o.held))
	}
}

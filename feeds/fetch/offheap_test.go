//go:build unix

package fetch

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"syscall"
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

// TestOffHeapReadsWhatAFileHoldsAsItIsRead: a file that grows or shrinks
// between its size's look and its read is read as it then is, into the
// mapping or past it, and refused once it passes max: readAll given the
// size announced at first, and the mapping as its first buffer.
func TestOffHeapReadsWhatAFileHoldsAsItIsRead(t *testing.T) {
	var o OffHeap
	defer o.Free()
	size := int64(OffHeapMin + 10)
	for _, tc := range []struct {
		name string
		n    int64 // the bytes there are when read
	}{{"same", size}, {"shrunk", size / 2}, {"grew", 3*size + 7}, {"empty", 0}} {
		t.Run(tc.name, func(t *testing.T) {
			want := bytes.Repeat([]byte("0123456789abcdef"), int(tc.n/16)+1)[:tc.n]
			got, err := readAll(bytes.NewReader(want), 1<<30, size+1, o.alloc)
			if err != nil || !bytes.Equal(got, want) {
				t.Errorf("%d bytes, %v; want the %d there are", len(got), err, tc.n)
			}
			if _, err := readAll(bytes.NewReader(want), tc.n-1, size+1, o.alloc); tc.n > 0 && err == nil {
				t.Errorf("read %d bytes past a limit of %d", tc.n, tc.n-1)
			}
		})
	}
}

// TestOffHeapRefusesWhatIsNoFile: a named pipe or a device is refused, as
// ReadFile refuses it, before anything is mapped or read.
func TestOffHeapRefusesWhatIsNoFile(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip(err)
	}
	var o OffHeap
	defer o.Free()
	for _, p := range []string{fifo, os.DevNull} {
		var nr *NotRegularError
		if _, err := o.ReadFile(p, 1<<30); !errors.As(err, &nr) {
			t.Errorf("%s: %v, want a NotRegularError", p, err)
		}
	}
	if len(o.held) != 0 {
		t.Errorf("%d mappings held for what is no file", len(o.held))
	}
}

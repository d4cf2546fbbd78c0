package sse

import (
	"fmt"
	"testing"
)

// decoder turns fuzz input into items drawn from small sets of values, so
// that equal versions, equal stamps and matching updates are frequent.
type decoder struct{ b []byte }

// n returns a value below k, or 0 once the input runs out.
func (d *decoder) n(k int) int {
	if len(d.b) == 0 {
		return 0
	}
	v := int(d.b[0]) % k
	d.b = d.b[1:]
	return v
}

func (d *decoder) stamp() Stamp {
	return st([]string{"", t0, t1, t2}[d.n(4)], []string{"", "A", "B", "C"}[d.n(4)])
}

func (d *decoder) position() Position {
	if d.n(2) == 0 {
		return Position{}
	}
	return Position{Parent: []string{"", "p", "q"}[d.n(3)], Key: []string{"", "V", "k"}[d.n(3)]}
}

func (d *decoder) item() *Item {
	it := item("x", 1+d.n(4), fmt.Sprint("d", d.n(3)), d.stamp())
	for range d.n(4) {
		it.History.Updates = append(it.History.Updates, d.stamp())
	}
	it.Deleted, it.Conflict, it.Position = d.n(4) == 0, d.n(3) == 0, d.position()
	for range d.n(3) {
		s := d.stamp()
		it.Conflicts = append(it.Conflicts, &Conflict{Version: 1 + d.n(4), When: s.When, By: s.By, Data: text(fmt.Sprint("c", d.n(3))), Position: d.position()})
	}
	return it
}

// FuzzMerge checks on arbitrary pairs of versions of one item that merge
// is symmetric (the same winner and the same conflicts whichever side is
// local), that its result is one of the two versions and beats both, that
// a detected conflict is flagged and recorded, and that it is idempotent:
// merging the result with itself or with either input changes nothing.
//
// $ go test -fuzz=FuzzMerge ./engine/sse
func FuzzMerge(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte("\x01\x01\x01\x00\x01\x02\x02\x02\x01\x00\x02\x03\x01\x01\x01\x00"))
	f.Add([]byte("\x03\x02\x02\x01\x02\x01\x01\x01\x01\x03\x00\x01\x02\x02\x01\x03\x02\x01\x01\x01\x01"))
	f.Fuzz(func(t *testing.T, in []byte) {
		d := &decoder{in}
		a, b := d.item(), d.item()
		m := mustMerge(t, a, b)
		if x, y := show(m), show(mustMerge(t, b, a)); x != y {
			t.Fatalf("merge is not symmetric:\n%s\n---\n%s", x, y)
		}
		if Compare(m, a) < 0 || Compare(m, b) < 0 || Compare(m, a) != 0 && Compare(m, b) != 0 {
			t.Fatalf("result is not the winner:\n%s\nof\n%s\n%s", show(m), show(a), show(b))
		}
		w, l := a, b
		if Compare(b, a) > 0 {
			w, l = b, a
		}
		if !sameVersion(w, l) && Conflicting(w, l) && !(m.Conflict && recorded(m, l)) {
			t.Fatalf("conflict not flagged or recorded:\n%s", show(m))
		}
		for _, other := range []*Item{m, a, b} {
			if x, y := show(mustMerge(t, m, other)), show(m); x != y {
				t.Fatalf("merging the result again changed it:\n%s\n---\n%s", x, y)
			}
		}
	})
}

// recorded reports whether the item holds a record of version l, or one of
// a higher version with the same by, which §5 keeps instead.
func recorded(it, l *Item) bool {
	for _, c := range it.Conflicts {
		if c.By == l.History.By && c.Version >= l.Version {
			return true
		}
	}
	return false
}

// FuzzOutline runs the outline simulation of TestPropertyOutlineConvergence
// from fuzzed seeds and lengths.
//
// $ go test -fuzz=FuzzOutline ./engine/sse
func FuzzOutline(f *testing.F) {
	f.Add(int64(1), uint8(3), uint8(120))
	f.Fuzz(func(t *testing.T, seed int64, endpoints, steps uint8) {
		s := newOutlineSim(t, seed, 2+int(endpoints%4))
		for range int(steps) {
			s.step()
		}
		s.settle()
		if !s.converged() {
			s.fatalf("endpoints did not converge")
		}
		for _, e := range s.es {
			s.checkTree(e)
		}
	})
}

// FuzzFold checks Fold against repeated Merge on arbitrary groups of
// versions of one item: the linear fold must give exactly what merging
// them one after the other gives.
//
// $ go test -fuzz=FuzzFold ./engine/sse
func FuzzFold(f *testing.F) {
	f.Add([]byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20})
	f.Add([]byte("folding several versions of one item"))
	f.Fuzz(func(t *testing.T, data []byte) {
		d := &decoder{b: data}
		vs := []*Item{d.item(), d.item()}
		for len(d.b) > 0 && len(vs) < 12 {
			vs = append(vs, d.item())
		}
		fold := NewFold(vs[0])
		for _, v := range vs[1:] {
			if err := fold.Add(v); err != nil {
				t.Fatal(err)
			}
		}
		if got, want := show(fold.Result()), show(foldByMerge(t, vs)); got != want {
			t.Fatalf("Fold:\n%s\nrepeated Merge:\n%s", got, want)
		}
	})
}

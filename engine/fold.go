package engine

import (
	"container/heap"
	"fmt"
	"strconv"
)

// Fold merges the versions of one item that a feed holds under one sync id
// (implementation note 2): each later one, as incoming, into the result so
// far, exactly as Merge would, one after the other. Folding n versions with
// Merge costs time quadratic in n, since each merge walks every version kept
// so far; a Fold keeps them indexed by their history instead, so that each
// Add costs time in proportion to the added item's history and conflicts
// (times a logarithm), and the whole fold is linear in its input.
//
// The result is the one repeated merging gives, faulty histories included
// (TestFoldIsRepeatedMerge checks it on random versions); as with Merge, of
// two versions that Compare ties, either may stand for the other.
type Fold struct {
	id     string
	n      int // items added, the first included
	order  int // the last order number given
	w      *version
	first  *Item               // the result while n == 1
	byTop  map[string]*seqHeap // live versions by their topmost entry's key, least sequence first
	byHist map[string]*seqHeap // live versions by their entries' keys, greatest sequence first
	best   versionHeap         // live versions, the winner on top
}

// version is one member of M, the versions kept so far (§3.3 steps 7, 8).
type version struct {
	it    *Item // without conflicts
	order int   // its place in M, for ties of Compare
	live  bool
	index int // in Fold.best
}

// NewFold starts a fold with the first version met.
func NewFold(first *Item) *Fold {
	return &Fold{id: first.Sync.ID, n: 1, first: first}
}

// Add merges it into the result so far, as Merge(result, it) would.
func (f *Fold) Add(it *Item) error {
	if it.Sync.ID != f.id {
		return fmt.Errorf("merging %q with %q: %w", f.id, it.Sync.ID, ErrIDMismatch)
	}
	if f.n == 1 {
		f.reset()
		for _, c := range collection(f.first) {
			f.insert(f.newVersion(c))
		}
	} else {
		f.w.order = f.next() // L is the conflicts, then the winner (§3.3 step 2)
		heap.Fix(&f.best, f.w.index)
	}
	f.n++
	in := collection(it)
	// Step 7: remove from L what I subsumes; step 8: keep of I what is
	// left of L does not subsume; only then do I's versions join.
	f.removeSubsumed(in)
	var kept []*version
	for _, y := range in {
		if !f.subsumedInLive(y) {
			kept = append(kept, f.newVersion(y))
		}
	}
	for _, v := range kept {
		f.insert(v)
	}
	f.w = f.best[0]
	if f.w.it.Sync.NoConflicts { // step 10: W alone goes on
		w := f.w
		f.reset()
		f.insert(w)
	}
	return nil
}

// Result returns the merged item: the winner, with the other versions kept
// as its conflicts, sorted as Merge sorts them (step 11).
func (f *Fold) Result() *Item {
	if f.n == 1 {
		return f.first
	}
	res := strip(f.w.it)
	if f.w.it.Sync.NoConflicts {
		return res
	}
	rest := make(versionHeap, 0, len(f.best)-1)
	for _, v := range f.best {
		if v != f.w {
			rest = append(rest, v)
		}
	}
	heap.Init(&rest)
	for rest.Len() > 0 {
		res.Conflicts = append(res.Conflicts, strip(heap.Pop(&rest).(*version).it))
	}
	return res
}

func (f *Fold) next() int {
	f.order++
	return f.order
}

func (f *Fold) newVersion(it *Item) *version {
	return &version{it: it, order: f.next()}
}

func (f *Fold) reset() {
	f.byTop, f.byHist, f.best = map[string]*seqHeap{}, map[string]*seqHeap{}, nil
}

// insert adds a version to M and to the indexes.
func (f *Fold) insert(v *version) {
	v.live = true
	heap.Push(&f.best, v)
	hs := v.it.Sync.History
	if len(hs) == 0 {
		return
	}
	push(f.byTop, histKey(hs[0]), seqEntry{seq: hs[0].Sequence, v: v}, false)
	for k, s := range greatestByKey(hs) {
		push(f.byHist, k, seqEntry{seq: s, v: v}, true)
	}
}

// remove takes a version out of M; the indexes drop it when they meet it.
func (f *Fold) remove(v *version) {
	if v.live {
		v.live = false
		heap.Remove(&f.best, v.index)
	}
}

// removeSubsumed removes the live versions that some version of in
// subsumes, by subsumedIn's rule (step 7.1). Removing one as soon as it is
// found changes nothing for the others: each is judged against in alone.
func (f *Fold) removeSubsumed(in []*Item) {
	for _, y := range in {
		for k, seq := range greatestByKey(y.Sync.History) {
			h := f.byTop[k]
			if h == nil {
				continue
			}
			var spared []seqEntry
			for h.Len() > 0 && h.peek().seq <= seq {
				e := heap.Pop(h).(seqEntry)
				switch {
				case !e.v.live:
				case !subsumesAll(y.Sync.History, e.v.it.Sync.History), spares(e.v.it, y):
					spared = append(spared, e) // another version of in may still subsume it
				default:
					f.remove(e.v)
				}
			}
			for _, e := range spared {
				heap.Push(h, e)
			}
		}
	}
}

// greatestByKey returns, for each key of the entries (see histKey), the
// greatest sequence among them: the one that subsumes the most.
func greatestByKey(hs []History) map[string]int {
	m := make(map[string]int, 1)
	for _, h := range hs {
		k := histKey(h)
		if s, ok := m[k]; !ok || h.Sequence > s {
			m[k] = h.Sequence
		}
	}
	return m
}

// subsumedInLive reports whether some live version subsumes y, by
// subsumedIn's rule (step 8).
func (f *Fold) subsumedInLive(y *Item) bool {
	if len(y.Sync.History) == 0 {
		return false
	}
	top := y.Sync.History[0]
	h := f.byHist[histKey(top)]
	if h == nil {
		return false
	}
	var spared []seqEntry
	defer func() {
		for _, e := range spared {
			heap.Push(h, e)
		}
	}()
	for h.Len() > 0 {
		e := h.peek()
		switch {
		case !e.v.live:
			heap.Pop(h)
		case top.HasBy() && e.seq < top.Sequence:
			return false
		case !Subsumed(y, e.v.it), spares(y, e.v.it):
			spared = append(spared, heap.Pop(h).(seqEntry))
		default:
			return true
		}
	}
	return false
}

// histKey groups history entries that may subsume one another (see
// HistorySubsumed): by by, or for entries without by, by sequence and when.
func histKey(h History) string {
	if h.HasBy() {
		return "b" + h.By
	}
	return "n" + strconv.Itoa(h.Sequence) + "@" + strconv.FormatInt(h.When.Unix(), 10) + "." + strconv.Itoa(h.When.Nanosecond())
}

type seqEntry struct {
	seq int
	v   *version
}

// seqHeap is a heap of versions by a sequence number: least first, or
// greatest first when max is set. Entries of removed versions stay until
// they reach the top.
type seqHeap struct {
	max bool
	es  []seqEntry
}

func push(m map[string]*seqHeap, k string, e seqEntry, max bool) {
	h := m[k]
	if h == nil {
		h = &seqHeap{max: max}
		m[k] = h
	}
	heap.Push(h, e)
}

func (h *seqHeap) peek() seqEntry { return h.es[0] }
func (h *seqHeap) Len() int       { return len(h.es) }
func (h *seqHeap) Less(i, j int) bool {
	if h.max {
		return h.es[i].seq > h.es[j].seq
	}
	return h.es[i].seq < h.es[j].seq
}
func (h *seqHeap) Swap(i, j int) { h.es[i], h.es[j] = h.es[j], h.es[i] }
func (h *seqHeap) Push(x any)    { h.es = append(h.es, x.(seqEntry)) }
func (h *seqHeap) Pop() any {
	e := h.es[len(h.es)-1]
	h.es = h.es[:len(h.es)-1]
	return e
}

// versionHeap orders versions as Merge ranks them: the most winning first
// by Compare, and of equal ones the first in M.
type versionHeap []*version

func (h versionHeap) Len() int { return len(h) }
func (h versionHeap) Less(i, j int) bool {
	if c := Compare(h[i].it, h[j].it); c != 0 {
		return c > 0
	}
	return h[i].order < h[j].order
}
func (h versionHeap) Swap(i, j int) {
	h[i], h[j] = h[j], h[i]
	h[i].index, h[j].index = i, j
}
func (h *versionHeap) Push(x any) {
	v := x.(*version)
	v.index = len(*h)
	*h = append(*h, v)
}
func (h *versionHeap) Pop() any {
	old := *h
	v := old[len(old)-1]
	*h = old[:len(old)-1]
	return v
}

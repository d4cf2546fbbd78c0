package engine

// Lists of items keyed by id, in any dialect: the first element of each id
// keeps its place, and later ones of that id are merged or folded into it.
// engine's MergeFeed and Dedupe use these, and so do engine/sse's.

// Folder folds the versions of one item, met one after the other, into
// one: Fold does for FeedSync 1.0.2, and engine/sse's Fold for SSE 0.91.
type Folder[T any] interface {
	Add(T) error
	Result() T
}

// MergeFeedByID merges two feeds' lists of items keyed by id, as both
// dialects' MergeFeed do: first the elements of each list that share an id
// are folded into the first of them (FoldByID with start), then the two
// lists are merged (MergeByID with merge). Neither list is modified.
func MergeFeedByID[T any, F Folder[T]](local, incoming []T, id func(T) string, start func(first T) F, merge func(local, incoming T) (T, error)) ([]T, error) {
	local, err := FoldByID(local, id, start)
	if err != nil {
		return nil, err
	}
	if incoming, err = FoldByID(incoming, id, start); err != nil {
		return nil, err
	}
	return MergeByID(local, incoming, id, merge)
}

// FoldByID folds the elements of items that share an id into the first of
// them, which keeps its place: the first of each id met twice starts a
// folder (start), every later one is added to it, and its result takes the
// first one's place. Elements whose id is met once are kept as they are.
// Its cost is one map lookup per element plus the folders'.
func FoldByID[T any, F Folder[T]](items []T, id func(T) string, start func(first T) F) ([]T, error) {
	l := newByID(len(items), len(items), id)
	folds := map[int]F{}
	for _, it := range items {
		i := l.place(it)
		if i < 0 {
			continue
		}
		f, ok := folds[i]
		if !ok {
			f = start(l.out[i])
			folds[i] = f
		}
		if err := f.Add(it); err != nil {
			return nil, err
		}
	}
	for i, f := range folds {
		l.out[i] = f.Result()
	}
	return l.out, nil
}

// MergeByID merges two lists of items keyed by id, for MergeFeedByID.
// First the elements of each list that share an id are merged: each later
// one, as incoming, into the first, which keeps its place; that costs a
// merge per duplicate, and a merge may cost time in proportion to the
// versions merged so far, so lists that may hold many duplicates go through
// FoldByID first. Then the result holds local's elements in their order,
// each merged (local first) with incoming's element of the same id if there
// is one, followed by incoming's elements whose id is new, in their order.
// Neither list is modified; the first error from merge is returned.
func MergeByID[T any](local, incoming []T, id func(T) string, merge func(local, incoming T) (T, error)) ([]T, error) {
	out := newByID(len(local)+len(incoming), len(local), id)
	if err := out.mergeAll(local, merge); err != nil {
		return nil, err
	}
	if len(incoming) == 0 {
		return out.out, nil
	}
	in := newByID(len(incoming), len(incoming), id)
	if err := in.mergeAll(incoming, merge); err != nil {
		return nil, err
	}
	if err := out.mergeAll(in.out, merge); err != nil {
		return nil, err
	}
	return out.out, nil
}

// byID is a list being built in which the first element of each id keeps
// its place.
type byID[T any] struct {
	out []T
	at  map[string]int // the index in out of each id's element
	id  func(T) string
}

func newByID[T any](capacity, ids int, id func(T) string) *byID[T] {
	return &byID[T]{out: make([]T, 0, capacity), at: make(map[string]int, ids), id: id}
}

// place appends x when no element of its id is in the list yet and returns
// -1; otherwise it returns the index of that element and leaves x out.
func (l *byID[T]) place(x T) int {
	k := l.id(x)
	if i, ok := l.at[k]; ok {
		return i
	}
	l.at[k] = len(l.out)
	l.out = append(l.out, x)
	return -1
}

// mergeAll merges each element of items, as incoming, into the element of
// its id in the list, or places it there when there is none.
func (l *byID[T]) mergeAll(items []T, merge func(local, incoming T) (T, error)) error {
	for _, x := range items {
		i := l.place(x)
		if i < 0 {
			continue
		}
		m, err := merge(l.out[i], x)
		if err != nil {
			return err
		}
		l.out[i] = m
	}
	return nil
}

package xmlutil

import "slices"

// The records of a Doc, in both bindings: one per item, those read in
// document order and then those added, some of which Subset hides. Hidden
// records are neither listed nor written, and their ids are not indexed.

// Hidden reports whether hidden marks record i as left out; a record past
// the end of hidden is not.
func Hidden(hidden []bool, i int) bool { return i < len(hidden) && hidden[i] }

// Subset returns a subset of recs, as both Docs' Subset do: a copy of recs
// to change apart from them, the marks that leave out the records hidden
// already marks and those keep rejects, and the index by id of the records
// it keeps.
func Subset[R any](recs []R, hidden []bool, keep func(*R) bool, id func(*R) string) ([]R, []bool, map[string]int) {
	marks := make([]bool, len(recs))
	index := make(map[string]int, len(recs))
	for i := range recs {
		if Hidden(hidden, i) || !keep(&recs[i]) {
			marks[i] = true
			continue
		}
		index[id(&recs[i])] = i
	}
	return slices.Clone(recs), marks, index
}

// Copy returns a copy of *s with its own copy of the slice list points to
// in it, or nil for a nil s: how a Doc hands out and takes in its
// sx:sharing, whose sx:related list the caller may change.
func Copy[S, E any](s *S, list func(*S) *[]E) *S {
	if s == nil {
		return nil
	}
	c := *s
	l := list(&c)
	*l = slices.Clone(*l)
	return &c
}

// Lookup returns item(r) for the record r that index holds under id, or
// the zero T when it holds none.
func Lookup[R, T any](recs []R, index map[string]int, id string, item func(*R) T) T {
	if i, ok := index[id]; ok {
		return item(&recs[i])
	}
	var none T
	return none
}

// Put returns the index in *recs of the record that index holds under id.
// When it holds none, Put appends a zero record to *recs, indexes it under
// id, and returns its index with added true, for the caller to fill in:
// an item set or merged in under a new id is a new record at the end.
func Put[R any](recs *[]R, index map[string]int, id string) (i int, added bool) {
	if i, ok := index[id]; ok {
		return i, false
	}
	i = len(*recs)
	index[id] = i
	var r R
	*recs = append(*recs, r)
	return i, true
}

// Visible returns item(r) for each record r of recs that hidden does not
// mark, in order.
func Visible[R, T any](recs []R, hidden []bool, item func(*R) T) []T {
	out := make([]T, 0, len(recs))
	for i := range recs {
		if !Hidden(hidden, i) {
			out = append(out, item(&recs[i]))
		}
	}
	return out
}

package xmlutil

// The records of a Doc, in both bindings: one per item, those read in
// document order and then those added, some of which Subset hides. Hidden
// records are neither listed nor written, and their ids are not indexed.

// Hidden reports whether hidden marks record i as left out; a record past
// the end of hidden is not.
func Hidden(hidden []bool, i int) bool { return i < len(hidden) && hidden[i] }

// Subset returns the marks of a subset of recs that leaves out the records
// hidden already marks and those keep rejects, and the index by id of the
// records it keeps, as both Docs' Subset do.
func Subset[R any](recs []R, hidden []bool, keep func(*R) bool, id func(*R) string) ([]bool, map[string]int) {
	marks := make([]bool, len(recs))
	index := make(map[string]int, len(recs))
	for i := range recs {
		if Hidden(hidden, i) || !keep(&recs[i]) {
			marks[i] = true
			continue
		}
		index[id(&recs[i])] = i
	}
	return marks, index
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

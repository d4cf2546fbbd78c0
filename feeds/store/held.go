package store

import (
	"slices"
)

// held reports, for each of vs, whether the store holds that version. A
// few are looked up a bucket each; many (a feed's every version, as
// RecordCurrent asks) are sorted and met in one pass over the index
// file's entries, which costs less than a read per version once there are
// more than a few per bucket.
func (s *Store) held(vs []vid) []bool {
	out := make([]bool, len(vs))
	if s.ix != nil && int64(len(vs)) > int64(len(s.ix.sums))*2 {
		s.heldByScan(vs, out)
	} else if s.ix != nil {
		for i, v := range vs {
			out[i] = s.hasVid(v)
		}
	}
	for i, v := range vs {
		if !out[i] {
			out[i] = slices.ContainsFunc(s.tail.places[v.k], func(e entry) bool { return e.tag == v.tag })
		}
	}
	return out
}

// hasVid reports whether the index file holds the version.
func (s *Store) hasVid(v vid) bool {
	es, err := s.ix.find(v.k, s.found[:0])
	s.found = es
	if err != nil {
		s.rebuild = true // made again the next time the lock is held; meanwhile not held
		return false
	}
	return slices.ContainsFunc(es, func(e entry) bool { return e.tag == v.tag })
}

// heldByScan marks in out the versions of vs the index file holds,
// walking its entries beside vs sorted.
func (s *Store) heldByScan(vs []vid, out []bool) {
	order := make([]int32, len(vs))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(a, b int32) int { return compareVids(vs[a], vs[b]) })
	r := s.ix.entries()
	e, ok := r.next()
	for _, i := range order {
		v := vs[i]
		for ok && compareVids(vid{e.k, e.tag}, v) < 0 {
			e, ok = r.next()
		}
		if !ok {
			return
		}
		out[i] = e.k == v.k && e.tag == v.tag
	}
}

func compareVids(a, b vid) int {
	if c := compareKeys(a.k, b.k); c != 0 {
		return c
	}
	switch {
	case a.tag < b.tag:
		return -1
	case a.tag > b.tag:
		return 1
	}
	return 0
}

package xmlutil

import "testing"

type rec struct {
	id   string
	item *string
}

func TestPutAppendsOnlyANewID(t *testing.T) {
	var recs []rec
	index := map[string]int{}
	for n, want := range []struct {
		id    string
		i     int
		added bool
	}{{"a", 0, true}, {"b", 1, true}, {"a", 0, false}, {"c", 2, true}, {"b", 1, false}} {
		i, added := Put(&recs, index, want.id)
		if i != want.i || added != want.added {
			t.Fatalf("put %d (%s) = %d, %v; want %d, %v", n, want.id, i, added, want.i, want.added)
		}
		if added {
			recs[i].id = want.id
		}
	}
	if len(recs) != 3 || recs[2].id != "c" || index["c"] != 2 {
		t.Fatalf("recs = %v, index = %v", recs, index)
	}
}

func TestLookupAndCopy(t *testing.T) {
	x := "x"
	recs := []rec{{id: "a", item: &x}}
	index := map[string]int{"a": 0}
	item := func(r *rec) *string { return r.item }
	if got := Lookup(recs, index, "a", item); got != &x {
		t.Errorf("Lookup(a) = %v", got)
	}
	if got := Lookup(recs, index, "b", item); got != nil {
		t.Errorf("Lookup(b) = %v, want nil", got)
	}

	type sharing struct{ related []string }
	list := func(s *sharing) *[]string { return &s.related }
	if Copy[sharing](nil, list) != nil {
		t.Error("Copy(nil) is not nil")
	}
	s := &sharing{related: []string{"one"}}
	c := Copy(s, list)
	c.related[0] = "changed"
	if s.related[0] != "one" {
		t.Error("the copy shares its list with the original")
	}
}

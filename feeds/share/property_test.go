package share

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
	"time"
)

// $ go test ./feeds/share -run TestConvergence -sync.seeds=500
var seeds = flag.Int("sync.seeds", 2, "seeds per feed kind for TestConvergence")

// A hub and three endpoints make random creates, edits, deletes and
// resolutions, and sync and pull in random order, some at once; endpoints
// fall behind the window and come back, and another command edits the
// hub's feed on disk. After two quiet rounds of syncs every endpoint and
// the hub hold identical items, and no created item is lost.
func TestConvergence(t *testing.T) {
	for _, kind := range append(kinds, "plain-rss", "plain-opml") {
		for seed := range *seeds {
			t.Run(fmt.Sprintf("%s/seed=%d", kind, seed), func(t *testing.T) {
				t.Parallel()
				convergence(t, kind, uint64(seed))
			})
		}
	}
}

// world is one run of the convergence test.
type world struct {
	t       *testing.T
	rnd     *rand.Rand
	hub     *testHub
	eps     []*endpoint
	created []string
}

func convergence(t *testing.T, kind string, seed uint64) {
	rnd := rand.New(rand.NewPCG(seed, 11))
	w := Window{Items: 1 + rnd.IntN(4)}
	if rnd.IntN(2) == 0 {
		w = Window{Span: time.Duration(5+rnd.IntN(20)) * time.Second}
	}
	th := startHub(t, kind, Options{Window: w})
	wd := &world{t: t, rnd: rnd, hub: th}
	for _, by := range []string{"A", "B", "C"} {
		wd.eps = append(wd.eps, th.endpoint(by))
	}
	for _, e := range wd.eps {
		e.sync()
	}
	for step := range 40 {
		wd.step(step)
	}
	for range 2 {
		for _, e := range wd.eps {
			e.sync()
		}
	}
	hub := itemSums(t, th.path)
	for _, e := range wd.eps {
		if got := itemSums(t, e.local); !sameSums(got, hub) {
			t.Errorf("window %v: %s holds %v\nthe hub holds %v", w, e.by, got, hub)
		}
	}
	for _, id := range wd.created {
		if _, ok := hub[id]; !ok {
			t.Errorf("window %v: %s was lost", w, id)
		}
	}
}

// step makes one random move.
func (wd *world) step(n int) {
	e := wd.eps[wd.rnd.IntN(len(wd.eps))]
	switch r := wd.rnd.IntN(10); {
	case r < 3:
		wd.change(e, n)
	case r < 5:
		e.sync()
	case r == 5:
		e.pull()
	case r == 6:
		wd.together()
	case r == 7:
		wd.hub.clock.tick(time.Duration(wd.rnd.IntN(15)) * time.Second)
	case r == 8:
		wd.hubEdit(n)
	default:
		wd.change(e, n)
		e.sync()
	}
}

// change creates, edits, deletes or resolves an item of e's LOCAL.
func (wd *world) change(e *endpoint, n int) {
	items := items(e.feed())
	if len(items) == 0 || wd.rnd.IntN(4) == 0 {
		id := fmt.Sprintf("%s%d", e.by, n)
		wd.created = append(wd.created, id)
		e.edit(create(id, "made by "+e.by))
		return
	}
	it := items[wd.rnd.IntN(len(items))]
	switch {
	case it.Conflicted && wd.rnd.IntN(2) == 0:
		e.edit(resolve(it.ID))
	case wd.rnd.IntN(5) == 0:
		e.edit(edit(it.ID, "", true))
	default:
		e.edit(edit(it.ID, fmt.Sprintf("%s at step %d", e.by, n), false))
	}
}

// together syncs two or three endpoints at once.
func (wd *world) together() {
	eps := slices.Clone(wd.eps)
	wd.rnd.Shuffle(len(eps), func(i, j int) { eps[i], eps[j] = eps[j], eps[i] })
	eps = eps[:2+wd.rnd.IntN(2)]
	var wg sync.WaitGroup
	errs := make([]error, len(eps))
	for i, e := range eps {
		wg.Go(func() { _, errs[i] = e.sub("").Sync(wd.t.Context()) })
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			wd.t.Fatalf("%s: sync: %v", eps[i].by, err)
		}
	}
}

// hubEdit changes the hub's feed on disk, as another command would.
func (wd *world) hubEdit(n int) {
	items := items(mustParse(wd.t, wd.hub.path, readFile(wd.t, wd.hub.path)))
	if len(items) == 0 || wd.rnd.IntN(3) == 0 {
		id := fmt.Sprintf("H%d", n)
		wd.created = append(wd.created, id)
		wd.hub.edit("H", create(id, "made on the hub"))
		return
	}
	it := items[wd.rnd.IntN(len(items))]
	wd.hub.edit("H", edit(it.ID, fmt.Sprintf("H at step %d", n), false))
}

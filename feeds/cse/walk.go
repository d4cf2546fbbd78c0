package cse

import (
	"errors"
	"fmt"
	"net/url"
	"path/filepath"
)

// errRootMissing is a cache whose root feed is not (or no longer) there.
var errRootMissing = errors.New("cse: the root feed is not in the cache")

// visit is one step of a walk over the cached tree: the root, an item, or
// one of an item's active links.
type visit struct {
	depth  int
	item   *item    // nil for the root
	link   *link    // nil for the root and for an item
	url    *url.URL // the link's URL; nil for an item
	entry  *entry   // the link's record, when its file is in the cache
	feed   *feed    // the cached copy of a nested feed
	err    error    // a link that cannot be followed, or a cached feed that cannot be read
	repeat bool     // a nested feed already walked
}

// walker walks the cached tree from its root, reading only the cache.
type walker struct {
	c    *cache
	fn   func(visit)
	seen map[string]bool
	err  error // the first cached feed that could not be read
	// localDir is the folder of a local tree's root, outside which links
	// are refused.
	localDir string
}

// walkCache calls fn for the root, then depth first for every item and
// every active link of every cached feed. It returns an error if the root
// or any cached feed cannot be read, after walking what it can.
func walkCache(c *cache, root string, fn func(visit)) error {
	u, err := url.Parse(root)
	if err != nil {
		return fmt.Errorf("reading root %q: %w", clip(root), err)
	}
	if !c.present(c.load(root)) {
		return errRootMissing
	}
	w := &walker{c: c, fn: fn, seen: map[string]bool{}}
	if u.Scheme == "file" {
		w.localDir = filepath.Dir(filepath.FromSlash(u.Path))
	}
	w.link(visit{url: u}, true)
	return w.err
}

// link visits a link and, when it is a nested feed in the cache, the items
// below it.
func (w *walker) link(v visit, nested bool) {
	key := v.url.String()
	if e := w.c.load(key); w.c.present(e) {
		v.entry = e
	}
	if nested && v.entry != nil {
		v.repeat = w.seen[key]
		if !v.repeat {
			v.feed, v.err = w.open(v.entry)
		}
	}
	w.fn(v)
	if v.feed == nil || v.repeat {
		return
	}
	w.seen[key] = true
	w.items(v, baseOf(v.entry))
}

func (w *walker) items(v visit, base *url.URL) {
	for _, it := range v.feed.items {
		w.fn(visit{depth: v.depth + 1, item: it})
		for _, l := range it.active() {
			u, err := resolve(base, l.ref)
			if err == nil {
				err = allowed(u, w.localDir)
			}
			if err != nil {
				w.fn(visit{depth: v.depth + 2, item: it, link: l, err: refuse(l.ref, err)})
				continue
			}
			lv := visit{depth: v.depth + 2, item: it, link: l, url: u}
			w.link(lv, l.nested)
		}
	}
}

// open reads a cached feed, remembering the first failure.
func (w *walker) open(e *entry) (*feed, error) {
	data, err := w.c.read(e)
	if err != nil {
		return nil, w.fail(err)
	}
	f, err := parseFeed(e.URL, data)
	if err != nil {
		return nil, w.fail(fmt.Errorf("reading cached feed %s: %w", e.URL, err))
	}
	return f, nil
}

func (w *walker) fail(err error) error {
	if w.err == nil {
		w.err = err
	}
	return err
}

package cse

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/feedsync/feedsync/feeds/fetch"
)

// source is the root of a tree and the transport allowed to read it.
type source struct {
	root   *url.URL
	tr     *transport
	budget Budget // of each run from it
}

// openSource accepts an http or https URL, or a local path, whose folder
// then bounds every local read.
func openSource(root string) (*source, error) {
	if i := strings.Index(root, "://"); i > 0 || strings.HasPrefix(root, "file:") {
		u, err := url.Parse(root)
		if err != nil {
			return nil, fmt.Errorf("reading root: %w", err)
		}
		if u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
			return nil, ErrScheme
		}
		return &source{root: u, tr: newTransport(fetch.DefaultLimits, nil), budget: DefaultBudget}, nil
	}
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, fmt.Errorf("reading root: %w", err)
	}
	if info, err := os.Stat(abs); err != nil || !info.Mode().IsRegular() {
		return nil, errors.New("not a readable feed file")
	}
	tree, err := openLocalTree(filepath.Dir(abs))
	if err != nil {
		return nil, err
	}
	return &source{root: fileURL(abs), tr: newTransport(fetch.DefaultLimits, tree), budget: DefaultBudget}, nil
}

// reopenSource opens the source a cache was pulled from.
func reopenSource(c *cache) (*source, error) {
	root, err := c.root()
	if err != nil {
		return nil, err
	}
	if u, err := url.Parse(root); err == nil && u.Scheme == "file" {
		return openSource(filepath.FromSlash(u.Path))
	}
	return openSource(root)
}

func (s *source) close() {
	if s.tr.local != nil {
		s.tr.local.close()
	}
}

// pull syncs the tree at src into c. The root link counts as nestedFeed=true
// and onDemand=false ("Algorithm assumptions"). When every download
// succeeded, files no item references any more are removed.
func pull(ctx context.Context, c *cache, src *source, rep Reporter) (*syncer, error) {
	if err := c.claim(src.root.String()); err != nil {
		return nil, err
	}
	s := newSyncer(c, src.tr, rep)
	s.budget = src.budget
	s.queue = []*job{{url: src.root, nested: true}}
	if err := s.run(ctx); err != nil {
		return s, fmt.Errorf("%s: %w", c.dir, err)
	}
	if s.failed > 0 {
		return s, nil
	}
	if err := sweep(c, src.root.String(), rep); err != nil {
		return s, fmt.Errorf("%s: %w", c.dir, err)
	}
	return s, nil
}

// ErrNotInTree is a link that no cached feed holds.
var ErrNotInTree = errors.New("cse: no cached feed holds this link")

// fetchLink downloads one link of the cached tree, typically an onDemand
// one, and the tree below it if it is a nested feed.
func fetchLink(ctx context.Context, c *cache, src *source, link string, rep Reporter) (*syncer, error) {
	found, err := findLink(c, src.root.String(), link)
	if err != nil {
		return nil, err
	}
	s := newSyncer(c, src.tr, rep)
	s.budget = src.budget
	s.queue = []*job{{url: found.url, nested: found.nested, date: found.date}}
	if err := s.run(ctx); err != nil {
		return s, fmt.Errorf("%s: %w", c.dir, err)
	}
	return s, nil
}

// foundLink is a link of the cached tree.
type foundLink struct {
	url    *url.URL
	nested bool
	date   time.Time
}

// findLink looks for link, as ls prints it or as a feed writes it, among
// the links of the cached tree.
func findLink(c *cache, root, link string) (*foundLink, error) {
	var hits []*foundLink
	var refused error
	err := walkCache(c, root, func(v visit) {
		switch {
		case v.link == nil:
		case v.url == nil: // a link feedsync refuses to follow
			if v.link.ref == link {
				refused = v.err
			}
		case v.url.String() == link || v.link.ref == link:
			hits = append(hits, &foundLink{url: v.url, nested: v.link.nested, date: v.item.date})
		}
	})
	if err != nil {
		return nil, err
	}
	if len(hits) == 0 && refused != nil {
		return nil, refused
	}
	if len(hits) == 0 {
		return nil, fmt.Errorf("%s: %w", clip(link), ErrNotInTree)
	}
	for _, h := range hits[1:] {
		if h.url.String() != hits[0].url.String() {
			return nil, fmt.Errorf("%s: names several links; give the full URL as ls prints it", clip(link))
		}
	}
	return hits[0], nil
}

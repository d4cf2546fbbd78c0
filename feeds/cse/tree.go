package cse

import (
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/feedsync/feedsync/feeds"
	"github.com/feedsync/feedsync/feeds/atomicfile"
	"github.com/feedsync/feedsync/feeds/fetch"
)

// tree is a publisher's tree of local feed files: a root feed and every
// local feed nested below it. Nested feeds on the web are left out.
type tree struct {
	dir      string // the root's folder, as the caller spelt it, for messages
	abs      string // the root's folder, absolute
	fsys     *os.Root
	feeds    map[string]*localFeed // by path relative to abs
	order    []*localFeed
	problems feeds.Problems // about files that could not be read at all
}

// localFeed is one feed file of a tree.
type localFeed struct {
	rel      string
	name     string // the path to print
	feed     *feed
	children map[*item]*localFeed // the nested feed each item links, if local
	// settled, visiting, newest and newestOK belong to settle.
	settled, visiting bool
	newest            time.Time
	newestOK          bool
	dirty             bool
}

// loadTree reads the feed at root and, depth first, every local feed
// nested below it. Links that leave root's folder are reported, not read.
func loadTree(root string) (*tree, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", root, err)
	}
	fsys, err := os.OpenRoot(filepath.Dir(abs))
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", root, err)
	}
	t := &tree{dir: filepath.Dir(root), abs: filepath.Dir(abs), fsys: fsys, feeds: map[string]*localFeed{}}
	t.load(filepath.Base(abs), nil, nil)
	return t, nil
}

func (t *tree) close() { t.fsys.Close() }

// load reads the feed at rel, once, and the feeds it nests. from and l are
// the feed and link that lead to it, for messages.
func (t *tree) load(rel string, from *localFeed, l *link) *localFeed {
	if lf, ok := t.feeds[rel]; ok {
		return lf
	}
	lf := &localFeed{rel: rel, name: filepath.Join(t.dir, rel), children: map[*item]*localFeed{}}
	data, err := fetch.ReadFileIn(t.fsys, rel, atomicfile.Limit())
	if err == nil {
		lf.feed, err = parseFeed(lf.name, data)
	}
	if err != nil {
		t.fileProblem(lf, from, l, err)
		return nil
	}
	t.feeds[rel] = lf
	t.order = append(t.order, lf)
	t.loadChildren(lf)
	return lf
}

// fileProblem reports a feed that could not be read: at the link that
// leads to it when it does not exist, in the file itself otherwise.
func (t *tree) fileProblem(lf *localFeed, from *localFeed, l *link, err error) {
	if from != nil && os.IsNotExist(err) {
		from.feed.note(l.el, fmt.Sprintf("nested feed %s: no such file", l.ref))
		return
	}
	t.problems = append(t.problems, errorProblems(lf.name, err)...)
}

// loadChildren follows each item's nested feed link, when it is local.
func (t *tree) loadChildren(lf *localFeed) {
	base := fileURL(filepath.Join(t.abs, lf.rel))
	for _, it := range lf.feed.items {
		if it.nested == nil {
			continue
		}
		rel, ok := t.nestedPath(lf, base, it.nested)
		if !ok {
			continue
		}
		if child := t.load(rel, lf, it.nested); child != nil {
			lf.children[it] = child
		}
	}
}

// nestedPath resolves a nested feed link to a file of the tree. A link to
// the web is not part of the local tree; any other that fails is noted.
func (t *tree) nestedPath(lf *localFeed, base *url.URL, l *link) (string, bool) {
	u, err := resolve(base, l.ref)
	if err == nil && u.Scheme != "file" {
		return "", false
	}
	var rel string
	if err == nil {
		rel, err = localPath(t.abs, u)
	}
	if err != nil {
		lf.feed.note(l.el, refuse(l.ref, err).Error())
		return "", false
	}
	return rel, true
}

// allProblems gathers what is wrong in the tree, file by file in the order
// they were read, each file's in document order.
func (t *tree) allProblems() feeds.Problems {
	out := slices.Clone(t.problems)
	for _, lf := range t.order {
		out = append(out, lf.feed.problems(lf.name)...)
	}
	return out
}

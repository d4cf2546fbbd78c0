package cse

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"strconv"

	"github.com/feedsync/feedsync/feeds/fetch"
)

// getter downloads one URL, conditionally when cond is not zero. allow
// says whether it will try u at all.
type getter interface {
	get(ctx context.Context, u *url.URL, cond fetch.Validators) (*fetch.Response, error)
	allow(u *url.URL) error
}

// transport sends http and https to the network, through package fetch and
// its limits, and file URLs to a local tree; without a local root it
// refuses file URLs.
type transport struct {
	http  *fetch.Client
	local *localTree // nil for a remote tree
}

func newTransport(l fetch.Limits, local *localTree) *transport {
	return &transport{http: fetch.New(l, "feedsync"), local: local}
}

func (t *transport) get(ctx context.Context, u *url.URL, cond fetch.Validators) (*fetch.Response, error) {
	if err := t.allow(u); err != nil {
		return nil, err
	}
	if u.Scheme == "file" {
		return t.local.get(u, cond, t.http.Limits().MaxBytes)
	}
	return t.http.Get(ctx, fetch.Request{URL: u.String(), If: cond})
}

func (t *transport) allow(u *url.URL) error {
	if t.local == nil {
		return allowed(u, "")
	}
	return allowed(u, t.local.dir)
}

// allowed admits http and https URLs, and file URLs inside localDir, the
// folder of a local tree's root ("" for a tree on the web).
func allowed(u *url.URL, localDir string) error {
	switch {
	case u.Scheme == "http" || u.Scheme == "https":
		return nil
	case u.Scheme == "file" && localDir != "":
		_, err := localPath(localDir, u)
		return err
	}
	return ErrScheme
}

// localTree reads files below one directory and nothing outside it: paths
// are checked lexically, and opened through an os.Root, which also refuses
// symbolic links that lead out.
type localTree struct {
	dir  string
	root *os.Root
}

func openLocalTree(dir string) (*localTree, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("opening tree root: %w", err)
	}
	return &localTree{dir: dir, root: root}, nil
}

func (t *localTree) close() {
	t.root.Close()
}

// get reads a local file, a regular one only (package fetch refuses a FIFO
// without waiting for a writer). Its size and modification time stand in
// for an ETag, so an unchanged file is reported as not modified; they are
// taken before reading, so a file that changes meanwhile is read again
// next time.
func (t *localTree) get(u *url.URL, cond fetch.Validators, max int64) (*fetch.Response, error) {
	rel, err := localPath(t.dir, u)
	if err != nil {
		return nil, err
	}
	info, err := t.root.Stat(rel)
	if err != nil {
		return nil, pathless(err)
	}
	tag := strconv.FormatInt(info.Size(), 10) + "-" + strconv.FormatInt(info.ModTime().UnixNano(), 10)
	r := &fetch.Response{URL: u, Validators: fetch.Validators{ETag: tag}}
	if cond.ETag == tag && info.Mode().IsRegular() {
		r.NotModified = true
		return r, nil
	}
	r.Body, err = fetch.ReadFileIn(t.root, rel, max)
	if err != nil {
		return nil, pathless(err)
	}
	return r, nil
}

// pathless is what went wrong reading a local file, without the system
// call and the path relative to the tree's root that *fs.PathError adds:
// the failure is reported after the link's URL, which names the file.
func pathless(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

package cse

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"time"
)

// Transport limits. They are variables so that tests can lower them.
var (
	maxSize      int64 = 256 << 20 // bytes held in memory for one file
	maxRedirects       = 5
	fetchTimeout       = 5 * time.Minute
)

// errTooLarge is a download that passed maxSize.
var errTooLarge = errors.New("cse: file larger than the size cap")

// validators are what a previous download left for a conditional GET.
type validators struct {
	etag, modified string
}

// response is one downloaded file. When notModified is set, body is nil and
// the cached copy is still current.
type response struct {
	body        []byte
	final       *url.URL // after redirects; relative links resolve against it
	etag        string
	modified    string
	notModified bool
}

// getter downloads one URL; cond, when not nil, makes the request
// conditional. allow says whether it will try u at all.
type getter interface {
	get(ctx context.Context, u *url.URL, cond *validators) (*response, error)
	allow(u *url.URL) error
}

// transport sends http and https to the network and file URLs to a local
// tree; without a local root it refuses file URLs.
type transport struct {
	http  *http.Client
	local *localTree // nil for a remote tree
}

func (t *transport) get(ctx context.Context, u *url.URL, cond *validators) (*response, error) {
	if err := t.allow(u); err != nil {
		return nil, err
	}
	if u.Scheme == "file" {
		return t.local.get(u, cond)
	}
	return t.getHTTP(ctx, u, cond)
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

// newHTTPClient has timeouts on every phase and a redirect limit, and
// follows redirects to http and https only.
func newHTTPClient() *http.Client {
	dialer := &net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second}
	return &http.Client{
		Transport: &http.Transport{
			Proxy:                 http.ProxyFromEnvironment,
			DialContext:           dialer.DialContext,
			TLSHandshakeTimeout:   15 * time.Second,
			ResponseHeaderTimeout: 60 * time.Second,
			IdleConnTimeout:       90 * time.Second,
		},
		CheckRedirect: checkRedirect,
	}
}

func checkRedirect(req *http.Request, via []*http.Request) error {
	if len(via) >= maxRedirects {
		return fmt.Errorf("more than %d redirects", maxRedirects)
	}
	if req.URL.Scheme != "http" && req.URL.Scheme != "https" {
		return fmt.Errorf("redirect to %s: %w", clip(req.URL.String()), ErrScheme)
	}
	return nil
}

func (t *transport) getHTTP(ctx context.Context, u *url.URL, cond *validators) (*response, error) {
	ctx, cancel := context.WithTimeout(ctx, fetchTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("User-Agent", "feedsync-cse")
	if cond != nil && cond.etag != "" {
		req.Header.Set("If-None-Match", cond.etag)
	}
	if cond != nil && cond.modified != "" {
		req.Header.Set("If-Modified-Since", cond.modified)
	}
	resp, err := t.http.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return readResponse(resp, cond != nil)
}

func readResponse(resp *http.Response, conditional bool) (*response, error) {
	r := &response{
		final:    resp.Request.URL,
		etag:     resp.Header.Get("ETag"),
		modified: resp.Header.Get("Last-Modified"),
	}
	switch {
	case resp.StatusCode == http.StatusNotModified && conditional:
		r.notModified = true
		return r, nil
	case resp.StatusCode != http.StatusOK:
		return nil, fmt.Errorf("HTTP %s", resp.Status)
	case resp.ContentLength > maxSize:
		return nil, fmt.Errorf("%d bytes: %w", resp.ContentLength, errTooLarge)
	}
	body, err := readCapped(resp.Body)
	if err != nil {
		return nil, err
	}
	r.body = body
	return r, nil
}

// readCapped reads all of r, refusing more than maxSize bytes.
func readCapped(r io.Reader) ([]byte, error) {
	body, err := io.ReadAll(io.LimitReader(r, maxSize+1))
	if err != nil {
		return nil, fmt.Errorf("reading body: %w", err)
	}
	if int64(len(body)) > maxSize {
		return nil, errTooLarge
	}
	return body, nil
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

// get reads a local file. Its size and modification time stand in for an
// ETag, so an unchanged file is reported as not modified.
func (t *localTree) get(u *url.URL, cond *validators) (*response, error) {
	rel, err := localPath(t.dir, u)
	if err != nil {
		return nil, err
	}
	f, err := t.root.Open(rel)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file", rel)
	}
	tag := strconv.FormatInt(info.Size(), 10) + "-" + strconv.FormatInt(info.ModTime().UnixNano(), 10)
	r := &response{final: u, etag: tag}
	if cond != nil && cond.etag == tag {
		r.notModified = true
		return r, nil
	}
	r.body, err = readCapped(f)
	return r, err
}

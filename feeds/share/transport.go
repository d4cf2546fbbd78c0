package share

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"time"

	"github.com/feedsync/feedsync/feeds/fetch"
)

// Client is how a subscriber talks HTTP to a publisher: through package
// feeds/fetch, within its limits.
type Client struct {
	// Fetch does the requests; fetch.DefaultLimits when nil.
	Fetch *fetch.Client
	// Token, when set, is sent as "Authorization: Bearer TOKEN" to the
	// subscription's origin (scheme, host and port) only, never to a
	// complete feed elsewhere; a password in the subscription's URL is
	// then not sent.
	Token string
	// By is the subscriber's endpoint id, sent for the hub's access log.
	By string
}

// validators are what a conditional GET sends back (RFC 9110 §13.1).
type validators struct {
	ETag         string `json:"etag,omitempty"`
	LastModified string `json:"lastModified,omitempty"`
}

// response is a feed read over HTTP.
type response struct {
	body        []byte
	notModified bool
	valid       validators
	etagAfter   string // HeaderETag on the answer to a POST
	hub         bool   // the answer to a POST came from a feedsync hub (HeaderETag)
}

var defaultFetch = fetch.New(fetch.DefaultLimits, "feedsync")

const accept = "application/atom+xml, application/rss+xml, text/x-opml, application/xml;q=0.9, */*;q=0.1"

func (c *Client) fetch() *fetch.Client {
	if c.Fetch != nil {
		return c.Fetch
	}
	return defaultFetch
}

// request is a request to u for a subscription whose feed is at origin.
// The subscription's credentials go to its origin only: the Token, or else
// the user and password of origin's URL, as HTTP Basic credentials, to a
// URL there that has none of its own (the complete feed).
func (c *Client) request(origin, u string) (fetch.Request, error) {
	pu, err := url.Parse(u)
	if err != nil {
		// url.Error repeats the URL whole, a password included.
		if ue := (*url.Error)(nil); errors.As(err, &ue) {
			err = ue.Err
		}
		return fetch.Request{}, fmt.Errorf("%s: not a valid URL: %w", fetch.Redacted(u), err)
	}
	r := fetch.Request{URL: u, Accept: accept, Header: http.Header{}}
	if o, err := url.Parse(origin); err == nil && fetch.SameOrigin(pu, o) {
		r.Token = c.Token
		if c.Token == "" && pu.User == nil && o.User != nil {
			pu.User = o.User
			r.URL = pu.String()
		}
	}
	if c.By != "" {
		r.Header.Set(HeaderBy, c.By)
	}
	return r, nil
}

// get reads a feed, conditionally when v is not nil.
func (c *Client) get(ctx context.Context, origin, u string, v *validators) (*response, error) {
	r, err := c.request(origin, u)
	if err != nil {
		return nil, fmt.Errorf("reading %w", err)
	}
	if v != nil {
		r.If = fetch.Validators{ETag: v.ETag, LastModified: v.LastModified}
	}
	resp, err := c.retrying(ctx, func() (*fetch.Response, error) { return c.fetch().Get(ctx, r) })
	if err != nil {
		return nil, httpError("reading", u, r, err)
	}
	return &response{body: resp.Body, notModified: resp.NotModified,
		valid: validators{ETag: resp.ETag, LastModified: resp.LastModified}}, nil
}

// post sends a feed to the hub with the subscriber's cached until.
func (c *Client) post(ctx context.Context, u string, body []byte, contentType, until string) (*response, error) {
	r, err := c.request(u, u)
	if err != nil {
		return nil, fmt.Errorf("sending to %w", err)
	}
	if until != "" {
		r.Header.Set(HeaderUntil, until)
	}
	resp, err := c.retrying(ctx, func() (*fetch.Response, error) { return c.fetch().Post(ctx, r, contentType, body) })
	if err != nil {
		return nil, httpError("sending to", u, r, err)
	}
	// A FeedSync server that is no feedsync hub answers without
	// HeaderETag: what it answers is its own affair (see pushChanges).
	return &response{body: resp.Body, etagAfter: resp.Header.Get(HeaderETag), hub: resp.Header.Get(HeaderETag) != "",
		valid: validators{ETag: resp.ETag, LastModified: resp.LastModified}}, nil
}

// Retries of a request that a hub answers 503 with Retry-After (busy
// with POSTs, Options.MaxPosts, or its database unreachable): at most
// retryAttempts in all, each after the wait asked, up to maxRetryWait.
const (
	retryAttempts = 10
	maxRetryWait  = 30 * time.Second
)

// retrying sends a request, and again after the wait a hub asks for
// (503 with Retry-After), up to retryAttempts times: a GET or a POST to a
// hub that is busy, or whose database restarts, waits it out rather than
// fail the sync.
func (c *Client) retrying(ctx context.Context, do func() (*fetch.Response, error)) (*fetch.Response, error) {
	for attempt := 1; ; attempt++ {
		resp, err := do()
		var se *fetch.StatusError
		if !errors.As(err, &se) || se.Code != http.StatusServiceUnavailable || se.RetryAfter <= 0 || attempt == retryAttempts {
			return resp, err
		}
		t := time.NewTimer(min(se.RetryAfter, maxRetryWait))
		select {
		case <-ctx.Done():
			t.Stop()
			return nil, ctx.Err()
		case <-t.C:
		}
	}
}

// httpError words a failed request, with a hint for a missing token; the
// URL shows no password. A 401 is one line whatever the server wrote: the
// hub's own text names headers, not the flag that sends them.
func httpError(what, u string, r fetch.Request, err error) error {
	u = fetch.Redacted(u)
	var se *fetch.StatusError
	switch {
	case errors.As(err, &se) && se.Code == http.StatusUnauthorized:
		hint := "the hub wants a token: give --token-file"
		if r.Token != "" {
			hint = "the hub refused the token given with --token-file"
		} else if pu, perr := url.Parse(r.URL); perr == nil && pu.User != nil {
			hint = "the hub refused the user and password in the URL"
		}
		return &wordedError{fmt.Sprintf("%s %s: HTTP 401: %s", what, u, hint), err}
	case errors.As(err, &se) && what == "sending to" && (se.Code == http.StatusMethodNotAllowed || se.Code == http.StatusNotImplemented):
		return fmt.Errorf("%s %s: %w: it takes no POST; 'feedsync pull' only reads", what, u, err)
	}
	return fmt.Errorf("%s %s: %w", what, u, err)
}

// wordedError is an error worded anew that still wraps its cause, for
// errors.As.
type wordedError struct {
	text string
	err  error
}

func (e *wordedError) Error() string { return e.text }
func (e *wordedError) Unwrap() error { return e.err }

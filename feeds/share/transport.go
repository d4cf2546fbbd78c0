package share

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// Client is how a subscriber talks HTTP to a publisher.
type Client struct {
	// HTTP does the requests; a client with a 60 s timeout and at most 5
	// redirects when nil.
	HTTP *http.Client
	// Token, when set, is sent as "Authorization: Bearer TOKEN" to the
	// subscription's origin (scheme, host and port) only, never to a
	// complete feed elsewhere.
	Token string
	// By is the subscriber's endpoint id, sent for the hub's access log.
	By string
	// MaxBytes caps a feed read (256 MiB when 0).
	MaxBytes int64
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
}

var defaultHTTP = &http.Client{
	Timeout: 60 * time.Second,
	CheckRedirect: func(req *http.Request, via []*http.Request) error {
		if len(via) >= 5 {
			return errors.New("more than 5 redirects")
		}
		return nil
	},
}

func (c *Client) http() *http.Client {
	if c.HTTP != nil {
		return c.HTTP
	}
	return defaultHTTP
}

// get reads a feed, conditionally when v is not nil.
func (c *Client) get(ctx context.Context, origin, u string, v *validators) (*response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", u, err)
	}
	req.Header.Set("Accept", "application/atom+xml, application/rss+xml, text/x-opml, application/xml;q=0.9, */*;q=0.1")
	if v != nil {
		if v.ETag != "" {
			req.Header.Set("If-None-Match", v.ETag)
		}
		if v.LastModified != "" {
			req.Header.Set("If-Modified-Since", v.LastModified)
		}
	}
	return c.do(req, origin)
}

// post sends a feed to the hub with the subscriber's cached until.
func (c *Client) post(ctx context.Context, u string, body []byte, contentType, until string) (*response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(body))
	if err != nil {
		return nil, fmt.Errorf("sending to %s: %w", u, err)
	}
	req.Header.Set("Content-Type", contentType)
	if until != "" {
		req.Header.Set(HeaderUntil, until)
	}
	return c.do(req, u)
}

func (c *Client) do(req *http.Request, origin string) (*response, error) {
	if c.Token != "" && sameOrigin(req.URL, origin) {
		req.Header.Set("Authorization", "Bearer "+c.Token)
	}
	if c.By != "" {
		req.Header.Set(HeaderBy, c.By)
	}
	what := "reading"
	if req.Method == http.MethodPost {
		what = "sending to"
	}
	resp, err := c.http().Do(req)
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", what, req.URL, err)
	}
	defer resp.Body.Close()
	max := c.MaxBytes
	if max <= 0 {
		max = maxFeed
	}
	if resp.ContentLength > max {
		return nil, fmt.Errorf("%s %s: the answer is larger than %d MiB", what, req.URL, max>>20)
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, max+1))
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", what, req.URL, err)
	}
	if int64(len(body)) > max {
		return nil, fmt.Errorf("%s %s: the answer is larger than %d MiB", what, req.URL, max>>20)
	}
	out := &response{body: body, valid: validators{ETag: resp.Header.Get("ETag"), LastModified: resp.Header.Get("Last-Modified")},
		etagAfter: resp.Header.Get(HeaderETag)}
	switch {
	case resp.StatusCode == http.StatusNotModified && req.Method == http.MethodGet:
		out.notModified = true
		return out, nil
	case resp.StatusCode == http.StatusOK:
		return out, nil
	}
	return nil, &StatusError{URL: req.URL.String(), Status: resp.Status, Code: resp.StatusCode, Body: firstLines(body)}
}

// StatusError is an HTTP answer other than 200 (or 304 to a GET).
type StatusError struct {
	URL, Status string
	Code        int
	Body        string // the first lines of the answer, which name the problem
}

func (e *StatusError) Error() string {
	msg := e.URL + ": " + e.Status
	switch {
	case e.Body != "":
		msg += "\n" + e.Body
	case e.Code == http.StatusUnauthorized:
		msg += " (give the hub's token with --token-file)"
	}
	return msg
}

// firstLines returns up to 20 lines of a text answer.
func firstLines(b []byte) string {
	s := strings.TrimSpace(string(b))
	lines := strings.SplitN(s, "\n", 21)
	if len(lines) > 20 {
		lines = append(lines[:20], "...")
	}
	return strings.Join(lines, "\n")
}

// sameOrigin reports whether u has the scheme, host and port of origin.
func sameOrigin(u *url.URL, origin string) bool {
	o, err := url.Parse(origin)
	return err == nil && strings.EqualFold(u.Scheme, o.Scheme) && strings.EqualFold(u.Host, o.Host)
}

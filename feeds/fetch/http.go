package fetch

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
)

// ErrScheme is a URL, or a redirect, to a scheme other than http or https.
var ErrScheme = errors.New("fetch: not an http or https URL")

// StatusError is an HTTP answer other than 200 OK (and 304 Not Modified to
// a conditional request).
type StatusError struct {
	Code   int
	Status string // as the server sent it, e.g. "404 Not Found"
	// Body is the start of the answer (at most 4 KiB) when it is text: the
	// server's own account of what went wrong, such as the problems a
	// feedsync hub found in a feed.
	Body string
	// RetryAfter is the wait a 503 or 429 asks for in its Retry-After
	// header, in seconds; 0 when it names none.
	RetryAfter time.Duration
}

func (e *StatusError) Error() string {
	if e.Body == "" {
		return "HTTP " + e.Status
	}
	return "HTTP " + e.Status + "\n" + e.Body
}

// Validators identify a version of a resource for a conditional request:
// the ETag and Last-Modified headers of an earlier response.
type Validators struct {
	ETag, LastModified string
}

// Request is one GET.
type Request struct {
	URL    string
	Accept string // the Accept header; none when empty
	// Token, when set, is sent as "Authorization: Bearer Token".
	Token string
	// If, when not zero, makes the request conditional on the resource
	// having changed since the response these validators came from.
	If Validators
	// Header holds further request headers.
	Header http.Header
}

// Response is what a GET brought back.
type Response struct {
	Body        []byte   // nil when NotModified
	NotModified bool     // a conditional request was answered 304
	URL         *url.URL // after redirects; relative links resolve against it
	Validators           // of this response, for the next conditional request
	Header      http.Header
}

// Client downloads over http and https within its Limits. Its zero value
// is not usable; make one with New. A Client is safe for concurrent use.
type Client struct {
	limits    Limits
	userAgent string
	http      *http.Client
}

// New returns a Client with limits l that names itself userAgent.
func New(l Limits, userAgent string) *Client {
	dialer := &net.Dialer{Timeout: l.ConnectTimeout, KeepAlive: 30 * time.Second}
	c := &Client{limits: l, userAgent: userAgent}
	c.http = &http.Client{
		Transport: &http.Transport{
			Proxy:                 http.ProxyFromEnvironment,
			DialContext:           dialer.DialContext,
			TLSHandshakeTimeout:   l.ConnectTimeout,
			ResponseHeaderTimeout: l.HeaderTimeout,
			IdleConnTimeout:       90 * time.Second,
		},
		CheckRedirect: c.checkRedirect,
	}
	return c
}

// Limits returns the client's limits.
func (c *Client) Limits() Limits {
	l := c.limits
	l.MaxBytes = l.maxBytes()
	return l
}

func (c *Client) checkRedirect(req *http.Request, via []*http.Request) error {
	if len(via) > c.limits.MaxRedirects {
		return fmt.Errorf("more than %d redirects", c.limits.MaxRedirects)
	}
	if req.URL.Scheme != "http" && req.URL.Scheme != "https" {
		return fmt.Errorf("redirect to %s: %w", req.URL.Redacted(), ErrScheme)
	}
	if via[0].Method == http.MethodPost && req.Method != http.MethodPost {
		// 301, 302 and 303 turn a POST into a GET of another page, whose
		// answer would pass for the answer to what was sent.
		return fmt.Errorf("redirect of a POST to %s as a %s: the body would not be sent", req.URL.Redacted(), req.Method)
	}
	if req.URL.Scheme == "http" && slices.ContainsFunc(via, func(r *http.Request) bool { return r.URL.Scheme == "https" }) {
		return fmt.Errorf("redirect from https to %s: %w", req.URL.Redacted(), ErrInsecureRedirect)
	}
	if !SameOrigin(req.URL, via[0].URL) {
		// net/http keeps credentials for the same host on another port
		// (and for its subdomains): they are the origin's only.
		req.Header.Del("Authorization")
		req.Header.Del("Cookie")
	}
	return nil
}

// ErrInsecureRedirect is a redirect from an https URL to an http one,
// which would send the request, and read the answer, in the clear.
var ErrInsecureRedirect = errors.New("fetch: refused: it would leave https for plain http")

// SameOrigin reports whether u and v have one origin (RFC 6454): scheme,
// host and port, the scheme's default port when none is written.
func SameOrigin(u, v *url.URL) bool {
	return strings.EqualFold(u.Scheme, v.Scheme) && strings.EqualFold(u.Hostname(), v.Hostname()) && port(u) == port(v)
}

// port is u's port, or its scheme's default.
func port(u *url.URL) string {
	if p := u.Port(); p != "" {
		return p
	}
	switch strings.ToLower(u.Scheme) {
	case "https":
		return "443"
	case "http":
		return "80"
	}
	return ""
}

// Get downloads r.URL. An answer other than 200 (or 304 to a conditional
// request) is a *StatusError; a body over the size limit a *TooLargeError.
func (c *Client) Get(ctx context.Context, r Request) (*Response, error) {
	u, err := url.Parse(r.URL)
	if err != nil {
		return nil, err
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return nil, ErrScheme
	}
	resp, err := c.do(ctx, http.MethodGet, u, r, "", nil)
	if err == nil && htmlPage(resp) {
		return nil, ErrHTMLPage
	}
	return resp, err
}

// ErrHTMLPage is a GET answered by a web page rather than a feed: the
// common mistake of giving a page's URL for its feed's.
var ErrHTMLPage = errors.New(`fetch: an HTML page (Content-Type text/html), not a feed: give the feed's own URL (the page's <link rel="alternate" type="application/rss+xml">)`)

// htmlPage reports whether resp is a web page: served as text/html (or
// XHTML) and not starting as a feed does, with an XML declaration or a
// feed's root element. Some servers send feeds as text/html; those are
// read.
func htmlPage(resp *Response) bool {
	mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	if resp.NotModified || mt != "text/html" && mt != "application/xhtml+xml" {
		return false
	}
	start := bytes.TrimLeft(bytes.TrimPrefix(resp.Body, []byte("\ufeff")), " \t\r\n")
	for _, feed := range []string{"<?xml", "<rss", "<feed", "<opml", "<rdf:RDF"} {
		if bytes.HasPrefix(start, []byte(feed)) {
			return false
		}
	}
	return true
}

// Post sends body, of the given media type, to r.URL and reads the answer
// as Get does; r.If is not sent. A redirect is followed only when it
// repeats the POST (307, 308); one that would turn it into a GET (301,
// 302, 303) is an error.
func (c *Client) Post(ctx context.Context, r Request, contentType string, body []byte) (*Response, error) {
	u, err := url.Parse(r.URL)
	if err != nil {
		return nil, err
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return nil, ErrScheme
	}
	r.If = Validators{}
	return c.do(ctx, http.MethodPost, u, r, contentType, body)
}

func (c *Client) do(ctx context.Context, method string, u *url.URL, r Request, contentType string, body []byte) (*Response, error) {
	ctx, cancel := context.WithTimeout(ctx, c.limits.Timeout)
	defer cancel()
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, u.String(), rd)
	if err != nil {
		return nil, err
	}
	c.setHeaders(req, r)
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		// A *url.Error repeats the method and URL, which callers name
		// themselves.
		if ue := (*url.Error)(nil); errors.As(err, &ue) {
			return nil, ue.Err
		}
		return nil, err
	}
	defer resp.Body.Close()
	return c.read(resp, r.If != Validators{})
}

func (c *Client) setHeaders(req *http.Request, r Request) {
	for k, vs := range r.Header {
		req.Header[k] = append([]string(nil), vs...)
	}
	req.Header.Set("User-Agent", c.userAgent)
	if r.Accept != "" {
		req.Header.Set("Accept", r.Accept)
	}
	if r.Token != "" {
		req.Header.Set("Authorization", "Bearer "+r.Token)
	}
	if r.If.ETag != "" {
		req.Header.Set("If-None-Match", r.If.ETag)
	}
	if r.If.LastModified != "" {
		req.Header.Set("If-Modified-Since", r.If.LastModified)
	}
}

func (c *Client) read(resp *http.Response, conditional bool) (*Response, error) {
	r := &Response{URL: resp.Request.URL, Header: resp.Header, Validators: Validators{
		ETag:         resp.Header.Get("ETag"),
		LastModified: resp.Header.Get("Last-Modified"),
	}}
	max := c.limits.maxBytes()
	switch {
	case resp.StatusCode == http.StatusNotModified && conditional:
		r.NotModified = true
		return r, nil
	case resp.StatusCode != http.StatusOK && !(resp.Request.Method == http.MethodPost && resp.StatusCode/100 == 2):
		// A POST is taken by any 2xx (201 Created, 202 Accepted, 204 No
		// Content, a body or none); a read only by 200 (or 304).
		return nil, &StatusError{Code: resp.StatusCode, Status: resp.Status, Body: errorText(resp), RetryAfter: retryAfter(resp)}
	case resp.ContentLength > max:
		return nil, &TooLargeError{Limit: max, Size: resp.ContentLength}
	}
	hint := int64(64 << 10)
	if resp.ContentLength >= 0 {
		hint = resp.ContentLength + 1
	}
	body, err := readAll(resp.Body, max, hint, heapAlloc)
	if err != nil {
		return nil, fmt.Errorf("reading the body: %w", err)
	}
	r.Body = body
	return r, nil
}

// retryAfter reads the Retry-After header of an answer given in seconds
// (RFC 9110 §10.2.3); a date, or none, is 0.
func retryAfter(resp *http.Response) time.Duration {
	n, err := strconv.Atoi(strings.TrimSpace(resp.Header.Get("Retry-After")))
	if err != nil || n < 0 || n > 24*3600 {
		return 0
	}
	return time.Duration(n) * time.Second
}

// errorText returns the start of an error answer that is text, trimmed.
func errorText(resp *http.Response) string {
	if !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/plain") {
		return ""
	}
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 4<<10))
	return strings.TrimSpace(strings.ToValidUTF8(string(b), "\uFFFD"))
}

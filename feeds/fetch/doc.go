// Package fetch reads what a feed or a CSE tree is made of from where it
// lives: an http or https URL, a local file, or a stream such as standard
// input, always within limits, so that no input can make feedsync wait
// forever or hold more than it can use. The command line (package tui),
// package feeds/cse and whatever syncs over HTTP share it, so that every
// download obeys one policy.
//
// # Limits
//
//   - Size: at most Limits.MaxBytes (by default feedsync's one size limit
//     of a feed, atomicfile.Limit, 256 MiB unless raised) are read into
//     memory. A Content-Length or a file size above it is refused before
//     reading; a body or stream without one is read up to the limit and
//     no further. Memory follows the size read, not the limit: a known
//     size is read into one buffer of that size; an unknown one (a
//     compressed answer, which the transport inflates, or a stream) in
//     pieces copied once at the end, so that a body takes at most twice
//     its size and one that runs past the limit (a gzip bomb) about the
//     limit before it is refused. The tests in memory_test.go count the bytes
//     allocated; to see a whole process, serve a compressed answer that
//     inflates past 256 MiB and run '/usr/bin/time -v feedsync validate
//     URL' (maximum resident set size about 280 MB).
//   - Time: 30 s to connect (and for the TLS handshake), 30 s for the
//     response headers once the request is sent, 5 min for the whole
//     request, body included. The caller's context can end it sooner.
//   - Redirects: at most 5, and only to http and https URLs; never from
//     https to http (ErrInsecureRedirect). Credentials (the bearer token,
//     a password, cookies) go to the origin asked only: a redirect to
//     another scheme, host or port drops them, where net/http would keep
//     them for the same host on another port or for a subdomain.
//   - Files: only regular files are read. A FIFO would block until someone
//     writes to it, a device such as /dev/zero never ends, and a
//     directory holds no feed: each is refused with a message naming what
//     it is, and a FIFO is opened without blocking so that it can be.
//   - Web pages: a GET answered with Content-Type text/html (or XHTML)
//     whose body starts as no feed does (no XML declaration, no rss, feed,
//     opml or rdf:RDF root) is ErrHTMLPage, which points at the page's
//     feed link: giving a page's URL for its feed's is a common mistake,
//     and its HTML is no XML error to report. A feed served as text/html,
//     as some servers do, is read.
//
// # Conditional requests
//
// A Request may carry the Validators of an earlier response (ETag and
// Last-Modified); they are sent as If-None-Match and If-Modified-Since,
// and a 304 answer comes back as a Response with NotModified set and no
// body. A Request may also carry a bearer token, sent as "Authorization:
// Bearer ...", to the origin of its URL only (see Redirects).
// Further request headers go in Request.Header; a Response carries the
// answer's headers.
//
// # Sending
//
// Post sends a body and reads the answer within the same limits: 'feedsync
// sync' pushes a feed to a hub with it. An error answer in plain text
// keeps its start in StatusError.Body, the server's account of what was
// wrong (a hub's file:line:col problems).
package fetch

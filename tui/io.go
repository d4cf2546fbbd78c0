package tui

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/feedsync/feedsync/feeds/atomicfile"
)

// Limits on reading a feed from the network.
const (
	fetchTimeout = 30 * time.Second
	maxFeedBytes = 256 << 20
)

// readSource reads FEED: a path, - for standard input, or an http(s) URL.
func readSource(ctx context.Context, env *Env, src string) ([]byte, error) {
	switch {
	case src == "-":
		return readCapped("standard input", env.Stdin)
	case strings.HasPrefix(src, "http://") || strings.HasPrefix(src, "https://"):
		return fetch(ctx, src)
	}
	f, err := os.Open(src)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			return nil, fmt.Errorf("%s: %w", src, pe.Err)
		}
		return nil, err
	}
	defer f.Close()
	return readCapped(src, f)
}

func readCapped(name string, r io.Reader) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxFeedBytes+1))
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", name, err)
	}
	if len(data) > maxFeedBytes {
		return nil, fmt.Errorf("reading %s: larger than %d MiB", name, maxFeedBytes>>20)
	}
	return data, nil
}

var httpClient = &http.Client{
	Timeout: fetchTimeout,
	CheckRedirect: func(req *http.Request, via []*http.Request) error {
		if len(via) >= 5 {
			return fmt.Errorf("more than 5 redirects")
		}
		return nil
	},
}

func fetch(ctx context.Context, url string) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, fmt.Errorf("fetching %s: %w", url, err)
	}
	req.Header.Set("Accept", "application/atom+xml, application/rss+xml, application/xml;q=0.9, */*;q=0.1")
	resp, err := httpClient.Do(req)
	if err != nil {
		return nil, fmt.Errorf("fetching %s: %w", url, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("fetching %s: %s", url, resp.Status)
	}
	return readCapped(url, resp.Body)
}

func displayName(src string) string {
	if src == "-" {
		return "<stdin>"
	}
	return src
}

// writeDoc writes the feed to out: standard output for "" or "-",
// otherwise atomically with a backup of the file it replaces.
func writeDoc(env *Env, out string, doc feed) error {
	if out == "" || out == "-" {
		// Render first, so that a failure leaves no partial output.
		var buf bytes.Buffer
		if _, err := doc.WriteTo(&buf); err != nil {
			return err
		}
		_, err := env.Stdout.Write(buf.Bytes())
		return err
	}
	return atomicfile.Write(out, 0o644, func(w io.Writer) error {
		_, err := doc.WriteTo(w)
		return err
	})
}

// finish writes the result and turns remaining conflicts into exit code 1.
func finish(env *Env, out string, doc feed) error {
	if err := writeDoc(env, out, doc); err != nil {
		return err
	}
	if n := doc.Conflicted(); n > 0 {
		fmt.Fprintf(env.Stderr, "feedsync: %d item(s) in conflict; see 'feedsync conflicts'\n", n)
		return errConflicts
	}
	return nil
}

package tui

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"github.com/feedsync/feedsync/feeds/atomicfile"
	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/fetch"
)

// maxFeedBytes is the size limit on reading a feed, from anywhere.
const maxFeedBytes = fetch.MaxBytes

// downloader fetches the feeds named by URL, within fetch.DefaultLimits.
var downloader = fetch.New(fetch.DefaultLimits, "feedsync")

// feedAccept is the Accept header of a feed download.
const feedAccept = "application/atom+xml, application/rss+xml, text/x-opml, application/xml;q=0.9, */*;q=0.1"

// readSource reads FEED: a path, - for standard input, or an http(s) URL.
// A path must name a regular file; anything over maxFeedBytes is refused
// without being read whole (package fetch).
func readSource(ctx context.Context, env *Env, src string) ([]byte, error) {
	if data, ok, err := env.saving.read(src); ok {
		return data, err // OUT as the command holds it (save.go)
	}
	switch {
	case src == "-":
		data, err := fetch.ReadAll(env.Stdin, maxFeedBytes)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", displayName(src), err)
		}
		return data, nil
	case strings.HasPrefix(src, "http://") || strings.HasPrefix(src, "https://"):
		resp, err := downloader.Get(ctx, fetch.Request{URL: src, Accept: feedAccept})
		if err != nil {
			return nil, fmt.Errorf("fetching %s: %w", src, err)
		}
		return resp.Body, nil
	}
	data, err := fetch.ReadFile(src, maxFeedBytes)
	if pe := (*fs.PathError)(nil); errors.As(err, &pe) {
		return nil, fmt.Errorf("%s: %w", src, pe.Err)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", src, err)
	}
	return data, nil
}

// placed words an error about the feed name: the message, with name
// first unless it already starts with it.
func placed(name string, err error) string {
	if msg := err.Error(); strings.HasPrefix(msg, name+":") {
		return msg
	}
	return name + ": " + err.Error()
}

func displayName(src string) string {
	if src == "-" {
		return "<stdin>"
	}
	return src
}

// writeDoc writes the feed to out: standard output for "" or "-",
// otherwise atomically with a backup of the file it replaces, under the
// lock the command holds (save.go). The feed is rendered whole first, so
// that a failure, or a result too large to read back, writes nothing.
func writeDoc(env *Env, out string, doc *dialect.Doc) error {
	toStdout := out == "" || out == "-"
	name := out
	if toStdout {
		name = "standard output"
	}
	data, err := render(name, doc)
	if err != nil {
		return err
	}
	switch {
	case toStdout:
		_, err = env.Stdout.Write(data)
		return err
	case env.saving == nil || env.saving.lock == nil:
		return atomicfile.WriteFile(out, data, 0o644)
	}
	return env.saving.save(data)
}

// finish writes the result and turns remaining conflicts into exit code 1.
func finish(env *Env, out string, doc *dialect.Doc) error {
	if err := writeDoc(env, out, doc); err != nil {
		return err
	}
	if n := doc.Conflicted(); n > 0 {
		fmt.Fprintf(env.Stderr, "feedsync: %d item(s) in conflict; see 'feedsync conflicts'\n", n)
		return errConflicts
	}
	return nil
}

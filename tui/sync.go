package tui

import (
	"context"
	"errors"
	"fmt"
	neturl "net/url"
	"strings"

	"github.com/feedsync/feedsync/feeds/fetch"
	"github.com/feedsync/feedsync/feeds/share"
)

func runPull(ctx context.Context, env *Env, args []string) error {
	return subscribe(ctx, env, "pull", args)
}

func runSync(ctx context.Context, env *Env, args []string) error {
	return subscribe(ctx, env, "sync", args)
}

// subscribe runs pull or sync: LOCAL's subscription to URL.
func subscribe(ctx context.Context, env *Env, cmd string, args []string) error {
	f := newFlags(cmd)
	var stamp stampFlags
	stamp.registerAs(f, "this endpoint's id `EP`: its own items are never discarded (default $FEEDSYNC_BY or this machine's id)",
		"the `TIME` of the read, RFC 3339 UTC whole seconds, checked against the last read's expires (default now)")
	tokenFile := f.String("token-file", "", "send \"Authorization: Bearer TOKEN\" to the hub, TOKEN being the first line of file `F`")
	out := new(string)
	if cmd == "pull" {
		out = f.out("write the result to `OUT` (- for standard output) instead of LOCAL")
	}
	pos, err := f.parseCount(env, args, "want LOCAL and URL", 2)
	if err != nil {
		return err
	}
	local, url := pos[0], pos[1]
	if err := checkOperands(cmd, local, url, *tokenFile != ""); err != nil {
		return err
	}
	st, err := stamp.stamp(env, now, local)
	if err != nil {
		return err
	}
	client := &share.Client{Fetch: downloader, By: st.By}
	if *tokenFile != "" {
		if client.Token, err = readToken(env, *tokenFile); err != nil {
			return err
		}
	}
	s := &share.Subscription{Local: local, URL: url, Out: *out, Stdout: env.Stdout, By: st.By, Now: st.When, Client: client,
		Warn: env.warn}
	if env.batch() {
		s.Read = capRead // what the command may hold grows with what it reads, as readSource's
	}
	run := s.Sync
	if cmd == "pull" {
		run = s.Pull
	}
	res, err := run(ctx)
	if err != nil {
		return err
	}
	report(env, cmd, local, fetch.Redacted(url), res)
	if res.Conflicted > 0 {
		return attention(fmt.Sprintf("%s in conflict; resolve %s with 'feedsync resolve %s', then sync again", isAre(res.Conflicted), itThem(res.Conflicted), cmdArg(local)))
	}
	return nil
}

// checkOperands checks pull's and sync's LOCAL and URL. Messages show
// URL without its password.
func checkOperands(cmd, local, url string, token bool) error {
	if local == "-" || isURL(local) {
		// The subscription's state lives beside LOCAL (.feedsync/), and the
		// result is saved over it: LOCAL is a file.
		return usageError(cmd, "LOCAL %q: want a file, beside which the subscription's state is kept (to print the feed: 'feedsync pull FILE URL -o -')", local)
	}
	if !isURL(url) {
		return usageError(cmd, "URL %q: want an http or https URL", fetch.Redacted(url))
	}
	u, err := neturl.Parse(url)
	if err != nil {
		if ue := (*neturl.Error)(nil); errors.As(err, &ue) {
			err = ue.Err // which repeats the URL, password and all
		}
		return usageError(cmd, "URL %q: not a valid URL: %v", fetch.Redacted(url), err)
	}
	if _, pw := u.User.Password(); pw && token {
		return usageError(cmd, "a password in URL and --token-file: give one (both would be sent as the Authorization header)")
	}
	return nil
}

// report says on standard error what a pull or sync did, on one line;
// url is shown as given, so without its password.
func report(env *Env, cmd, local, url string, res *share.Result) {
	if res.Unchanged {
		fmt.Fprintf(env.Stderr, "feedsync %s: %s is up to date with %s\n", cmd, local, url)
		return
	}
	msg := fmt.Sprintf("feedsync %s: %s: %s new or changed", cmd, local, count(res.Changed, "item"))
	if cmd == "sync" {
		msg += fmt.Sprintf(", %d sent", res.Pushed)
	}
	switch {
	case res.OutOfSync && res.Complete:
		msg += " (out of sync: read the complete feed)"
	case res.Complete:
		msg += " (read the complete feed)"
	}
	fmt.Fprintln(env.Stderr, msg)
	if res.NotHub {
		took := "it took the items sent"
		if res.Taken < res.Pushed {
			took = fmt.Sprintf("it took %d of the %d items sent (it answered with the feed it serves, unchanged); the others are sent again next time", res.Taken, res.Pushed)
		}
		answer := ", and its answer is no feed"
		if res.AnswerMerged {
			answer = fmt.Sprintf(", and its answer, a feed of %s, was merged", count(res.Answered, "item"))
		}
		fmt.Fprintf(env.Stderr, "feedsync %s: %s is a FeedSync server but no feedsync hub: %s%s; it keeps no partial feed for this endpoint, so each read of it is whole\n", cmd, url, took, answer)
	}
}

// isURL reports whether a command-line operand names an http(s) URL.
func isURL(s string) bool {
	return strings.HasPrefix(s, "http://") || strings.HasPrefix(s, "https://")
}

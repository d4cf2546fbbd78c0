package tui

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/feedsync/feedsync/feeds/atomicfile"
	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/gitmerge"
	"github.com/feedsync/feedsync/tui/resolver"
)

// runGitMerge is git's merge driver for feeds:
//
//	feedsync git-merge BASE CURRENT OTHER [PATHNAME]
//
// git runs it as "feedsync git-merge %O %A %B %P" (see 'feedsync git
// setup') when both branches changed a file whose attributes say
// merge=feedsync. BASE, CURRENT and OTHER are temporary files holding the
// common ancestor, ours and theirs; PATHNAME is the file's path in the
// repository, used in messages. The merge of OTHER into CURRENT replaces
// CURRENT, which git then takes as the merged file. Exit 0: merged cleanly;
// 1: the merged feed holds items in conflict, as sx:conflicts (git marks
// the path conflicted; 'git mergetool --tool=feedsync' or 'feedsync
// resolve' resolves them), or both sides changed a feed-level part each
// differently (ours' is in the file, theirs' is quoted and stays git's
// stage 3), or a text merge (below) of a file that loaded as a feed on a
// side has no markers but does not load as a feed; 2: nothing could be
// merged, CURRENT is as it was. It never exits 0 on a feed that does not
// load; a file that is a feed on neither side is git's text merge alone.
//
// Files that are not FeedSync 1.0.2 or SSE 0.91 feeds on both sides, or
// that do not merge as one (broken XML, plain RSS, feeds of two dialects),
// are merged as text by git merge-file, with conflict markers where the
// sides clash, as git would have merged them without the driver.
func runGitMerge(ctx context.Context, env *Env, args []string) error {
	f := newFlags("git-merge")
	var st stampFlags
	st.registerAs(f, "endpoint id `EP` of the versions that combine (default $FEEDSYNC_BY, the clone's feedsync.by or this machine's id)",
		"`TIME` of the versions that combine, RFC 3339 UTC whole seconds (default now)")
	noCombine := f.Bool("no-combine", false, "leave every item both sides changed to the spec's merge, in conflict where they clash (git config feedsync.combine false)")
	pos, err := f.parseCount(env, args, "want BASE CURRENT OTHER [PATHNAME]", 3, 4)
	if err != nil {
		return err
	}
	d := &gitDriver{env: env, base: pos[0], cur: pos[1], other: pos[2], path: pathText(pos[1]), arg: pathArg(pos[1]),
		stamp: st, noCombine: *noCombine}
	if len(pos) == 4 && pos[3] != "" {
		d.pathname, d.path, d.arg = pos[3], pathText(pos[3]), pathArg(pos[3])
	}
	return interruptible(ctx, env, func(env *Env) error {
		d.env = env
		return d.run(ctx)
	})
}

// gitDriver is one run of the merge driver.
type gitDriver struct {
	env              *Env
	base, cur, other string
	pathname         string     // the file's path in the repository (%P), "" when not given
	path             string     // the file's name in messages (pathText)
	arg              string     // the file's name in the commands they suggest (pathArg)
	store            *gitStore  // the version store beside PATHNAME (gitstore.go)
	stamp            stampFlags // --by and --when, for the versions that combine
	noCombine        bool       // --no-combine
	combinedBy       string     // the endpoint id of the versions combined
}

func (d *gitDriver) run(ctx context.Context) error {
	v, err := d.load(ctx)
	var notFeed *notFeedError
	if errors.As(err, &notFeed) {
		fmt.Fprintf(d.env.Stderr, "feedsync git-merge: %s: %s", d.path, userText(err))
		return d.textMerge(ctx, notFeed.aFeed)
	}
	if err != nil {
		return err
	}
	d.recordBase(v)
	out, err := gitmerge.Merge(v)
	if err != nil {
		fmt.Fprintf(d.env.Stderr, "feedsync git-merge: %s: the feeds do not merge:\n%s", d.path, indent(userText(err), maxProblemLines))
		return d.textMerge(ctx, true)
	}
	d.combine(ctx, v, out)
	var buf bytes.Buffer
	if info, err := os.Stat(d.cur); err == nil {
		buf.Grow(int(info.Size() + info.Size()/8)) // one allocation, not a dozen doublings
	}
	if _, err := out.Doc.WriteTo(&buf); err != nil {
		return fmt.Errorf("%s: writing the merged feed: %w", d.path, err)
	}
	d.recordLeft(out.Doc)
	if err := d.env.stop.save(func() error { return replaceInPlace(d.cur, buf.Bytes()) }); err != nil {
		return err
	}
	d.recordMerged(out.Doc)
	return d.report(out)
}

// notFeedError says why a version is not merged as a feed. aFeed is
// whether ours or theirs loads as a feed (a plain one, or one whose other
// side is broken): then the text merge must load as one too.
type notFeedError struct {
	msg   string
	aFeed bool
}

func (e *notFeedError) Error() string { return e.msg }

// maxProblemLines bounds the problems quoted from a version that does not
// load, before the text merge takes over.
const maxProblemLines = 5

// load reads and parses ours and theirs, and the ancestor where it loads
// as a feed of their dialect. Versions that do not load, or that both
// carry no sync data (plain feeds), are a notFeedError. One side without
// sync data takes the other's dialect in the merge (see package dialect):
// a feed that has only just been set up is merged as a feed. The three
// are held until the merge is done: the ancestor's items are compared
// with the sides', and give the bases of those both sides changed.
func (d *gitDriver) load(ctx context.Context) (gitmerge.Versions, error) {
	var v gitmerge.Versions
	base, baseDialect := d.loadBase(ctx)
	var why strings.Builder
	var docs [2]*dialect.Doc
	aFeed := false
	for s, path := range [2]string{d.cur, d.other} {
		data, err := readSource(ctx, d.env, path)
		if err != nil {
			return v, err
		}
		f, err := parseFeed(d.env, d.path+" ("+gitmerge.Side(s).String()+")", data)
		if err != nil {
			fmt.Fprintf(&why, "%s does not load as a feed:\n%s", gitmerge.Side(s), indent(userText(err), maxProblemLines))
		} else {
			aFeed = true
		}
		docs[s] = f
	}
	v.Ours, v.Theirs = docs[gitmerge.Ours], docs[gitmerge.Theirs]
	switch {
	case why.Len() > 0:
		return v, &notFeedError{why.String(), aFeed}
	case !hasSyncData(v.Ours) && !hasSyncData(v.Theirs):
		return v, &notFeedError{"neither ours nor theirs is a FeedSync or SSE feed (no item with sx:sync, no sx:sharing)\n", true}
	}
	want := v.Ours.Dialect()
	if want == dialect.None {
		want = v.Theirs.Dialect()
	}
	if baseDialect == want || baseDialect == dialect.None {
		v.Base = base
	}
	return v, nil
}

// loadBase reads the ancestor, quietly: nil when it does not load (git
// gives an empty one when both branches added the file).
func (d *gitDriver) loadBase(ctx context.Context) (*gitmerge.Base, dialect.Dialect) {
	quiet, _ := holdWarnings(d.env)
	data, err := readSource(ctx, quiet, d.base)
	if err != nil {
		return nil, dialect.None
	}
	b, err := parseFeed(quiet, d.path+" (base)", data)
	if err != nil {
		return nil, dialect.None
	}
	d.openStore(b)
	return gitmerge.NewBase(b), b.Dialect()
}

// textMerge merges the versions as text with git merge-file, as git does
// without the driver, and writes the result to CURRENT. When wasFeed (ours
// or theirs loads as a feed), a clean merge must load as one too
// (checkTextMerge); a file that is a feed on neither side (a text or other
// XML file the pattern matched) is git's merge alone, exit 0 when clean,
// as without the driver.
//
// Its conflict markers are labelled ours, base and theirs, where git's own
// merge writes branch names: git hands a driver its labels only as %S, %X
// and %Y (git 2.44 and later), which the driver line does not take, so
// that it works with every git. Their length is the path's
// conflict-marker-size attribute, as in git's own merge: git hands a
// driver that as %L, which the line does not take either, so the driver
// asks 'git check-attr' for it.
func (d *gitDriver) textMerge(ctx context.Context, wasFeed bool) error {
	fmt.Fprintf(d.env.Stderr, "feedsync git-merge: %s: merging as text (git merge-file)\n", d.path)
	args := []string{"merge-file", "-p", "-L", "ours", "-L", "base", "-L", "theirs"}
	if n := markerSize(ctx, d.pathname); n > 0 {
		args = append(args, "--marker-size="+strconv.Itoa(n))
	}
	out, code, err := gitExec(ctx, append(args, d.cur, d.base, d.other)...)
	if code < 0 || code > 127 { // 1 to 127: the count of conflicts
		return fmt.Errorf("%s: %w", d.path, err)
	}
	if err := d.env.stop.save(func() error { return replaceInPlace(d.cur, out) }); err != nil {
		return err
	}
	if code > 0 {
		fmt.Fprintf(d.env.Stderr, "feedsync git-merge: %s: %d conflict(s) marked as text\n", d.path, code)
		return errConflicts
	}
	if !wasFeed {
		return nil
	}
	return d.checkTextMerge(out)
}

// checkTextMerge refuses a clean text merge that does not load as a feed
// (one side was broken, or the merge of two well-formed sides is not):
// exit 1, so that git leaves the path conflicted rather than commit a file
// no reader loads.
func (d *gitDriver) checkTextMerge(out []byte) error {
	quiet, _ := holdWarnings(d.env)
	if _, err := parseFeed(quiet, d.path, out); err != nil {
		fmt.Fprintf(d.env.Stderr, "feedsync git-merge: %s: the text merge has no conflict markers but does not load as a feed:\n%s"+
			"feedsync git-merge: %s: left conflicted: fix it by hand, then 'git add %s'\n",
			d.path, indent(userText(err), maxProblemLines), d.path, d.arg)
		return errConflicts
	}
	return nil
}

// markerSize returns the conflict-marker-size attribute of path in the
// repository git runs the driver in, or 0 when it has none (or path is
// "", or there is no repository): git merge-file's default, 7, then holds.
func markerSize(ctx context.Context, path string) int {
	if path == "" {
		return 0
	}
	out, _, err := gitExec(ctx, "check-attr", "-z", "conflict-marker-size", "--", path)
	if err != nil {
		return 0
	}
	fields := strings.Split(string(out), "\x00") // path, attribute, value
	if len(fields) < 3 {
		return 0
	}
	n, err := strconv.Atoi(fields[2])
	if err != nil || n < 1 || n > 1000 {
		return 0
	}
	return n
}

// replaceInPlace replaces the file git handed the driver as CURRENT with
// the merged result: atomically, so that git never reads half a feed, and
// without a backup, since the file is git's temporary copy of ours and git
// keeps every version.
func replaceInPlace(path string, data []byte) error {
	perm := os.FileMode(0o644)
	if info, err := os.Stat(path); err == nil {
		perm = info.Mode().Perm()
	}
	return atomicfile.WriteFileNoBackup(path, data, perm)
}

// runGitMergetool is the merge tool git runs for 'git mergetool
// --tool=feedsync' (see 'feedsync git setup'):
//
//	feedsync git-mergetool MERGED [LOCAL REMOTE [BASE]]
//
// After git-merge left a path conflicted, MERGED is the merged feed with
// its conflicts as sx:conflicts (LOCAL, REMOTE and BASE are git's copies
// of ours, theirs and the ancestor, which the driver already merged): the
// resolver opens on MERGED and saves to it. When MERGED does not load (git
// merged it as text, with conflict markers, because the driver was not
// set up then), the resolver opens on the driver's merge of LOCAL and
// REMOTE and saves to MERGED. It exits 0 when MERGED, as it is on disk at
// the end, is a feed with no item in conflict, so that git (with
// mergetool.feedsync.trustExitCode) marks the path resolved; 1 when
// conflicts or git's markers are left; 2 when there is nothing it can
// open.
func runGitMergetool(ctx context.Context, env *Env, args []string) error {
	f := newFlags("git-mergetool")
	var st stampFlags
	st.register(f)
	pos, err := f.parseCount(env, args, "want MERGED, or MERGED LOCAL REMOTE [BASE]", 1, 3, 4)
	if err != nil {
		return err
	}
	merged := pos[0]
	if !env.IsTerminal {
		return fmt.Errorf("feedsync git-mergetool: the resolver needs a terminal; in scripts use\n"+
			"  feedsync resolve %s --id ID --pick winner|N -o %s", pathArg(merged), pathArg(merged))
	}
	quiet, warnings := holdWarnings(env)
	doc, title, err := mergetoolDoc(ctx, quiet, pos)
	if err != nil {
		env.Stderr.Write(warnings.Bytes())
		return err
	}
	if title == "" && doc.Conflicted() == 0 {
		fmt.Fprintf(env.Stderr, "feedsync git-mergetool: %s holds no item in conflict: resolved\n", merged)
		return nil
	}
	cfg, err := resolverConfig(env, st, merged)
	if err != nil {
		return err
	}
	cfg.Title = title
	if cfg.Title == "" {
		cfg.Title = merged + " (merged by git)"
	}
	bases := newFeedBases("git-mergetool", []string{merged}, mergeBaseDoc(ctx, quiet, pos), quiet.Stderr)
	defer bases.Close()
	cfg.Bases = bases
	err = runResolver(ctx, env, "git-mergetool", cfg, newResolverBackend(ctx, merged, nil, func(*saving, func(resolver.Loading)) (*dialect.Doc, resolver.LoadInfo, error) {
		return doc, resolver.LoadInfo{}, nil // git-merge's result, loaded already
	}))
	env.Stderr.Write(warnings.Bytes())
	if err != nil {
		return err
	}
	return checkResolved(ctx, env, merged)
}

// mergeBaseDoc returns git's merge base, BASE, when git gave one that loads as
// a feed: under `git mergetool` the base of a conflict comes from git
// (issue 19). Else nil: no base from git.
func mergeBaseDoc(ctx context.Context, env *Env, pos []string) *dialect.Doc {
	if len(pos) < 4 {
		return nil
	}
	doc, err := load(ctx, env, pos[3])
	if err != nil {
		return nil
	}
	return doc
}

// mergetoolDoc returns the document the merge tool opens: MERGED when it
// loads as a feed (title ""), else the merge of LOCAL and REMOTE by the
// git driver's rules.
func mergetoolDoc(ctx context.Context, env *Env, pos []string) (*dialect.Doc, string, error) {
	merged := pos[0]
	doc, err := load(ctx, env, merged)
	if err == nil && hasSyncData(doc) {
		return doc, "", nil
	}
	if err == nil {
		err = errors.New(merged + " is not a FeedSync or SSE feed")
	}
	if len(pos) < 3 {
		return nil, "", err
	}
	d := &gitDriver{env: env, cur: pos[1], other: pos[2], path: merged}
	if len(pos) == 4 {
		d.base = pos[3]
	}
	v, lerr := d.load(ctx)
	var out *gitmerge.Outcome
	if lerr == nil {
		out, lerr = gitmerge.Merge(v)
	}
	if lerr != nil {
		return nil, "", fmt.Errorf("%w\n%s: ours and theirs do not merge as feeds either: %s\nuse another merge tool (git mergetool --tool=TOOL)",
			err, merged, strings.TrimRight(lerr.Error(), "\n"))
	}
	return out.Doc, merged + ": ours ⇄ theirs", nil
}

// checkResolved reports whether the file the merge tool saved to is a
// feed with no item in conflict: exit 1 otherwise, so that git leaves the
// path unresolved.
func checkResolved(ctx context.Context, env *Env, merged string) error {
	quiet, _ := holdWarnings(env)
	doc, err := load(ctx, quiet, merged)
	switch {
	case err != nil:
		return attention(merged + " was not saved as a feed; git leaves it unresolved")
	case doc.Conflicted() > 0:
		return attention(fmt.Sprintf("%s still holds %s in conflict; git leaves it unresolved", merged, count(doc.Conflicted(), "item")))
	}
	return nil
}

// hasSyncData reports whether a feed carries sync data: an item with
// sx:sync, or sx:sharing. A feed without is a plain feed to the driver.
func hasSyncData(f *dialect.Doc) bool { return f.Dialect() != dialect.None }

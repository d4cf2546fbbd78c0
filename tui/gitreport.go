package tui

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/gitmerge"
)

// report tells what the merge did, on standard error, which git shows, and
// turns what is left to a person into exit code 1.
func (d *gitDriver) report(out *gitmerge.Outcome) error {
	w := d.env.Stderr
	rule := "FeedSync 1.0.2 (§3.3)"
	if out.Doc.Dialect() == dialect.SSE091 {
		rule = "SSE 0.91 (§4.4)"
	}
	combined := ""
	if len(out.Combined) > 0 {
		combined = fmt.Sprintf(", of which %d combined", len(out.Combined))
	}
	fmt.Fprintf(w, "feedsync git-merge: %s: merged as %s: ours changed %s, theirs %s, both %s%s\n", d.path, rule,
		count(len(out.Changed[gitmerge.Ours]), "item"), count(len(out.Changed[gitmerge.Theirs]), "item"), count(len(out.Both), "item"), combined)
	d.reportCombined(out)
	for s, ids := range out.Removed {
		if len(ids) > 0 {
			fmt.Fprintf(w, "feedsync git-merge: %s: %s removed %s without deleting (no tombstone); %s kept from %s (delete with 'feedsync update --delete'):\n",
				d.path, gitmerge.Side(s), count(len(ids), "item"), them(len(ids)), gitmerge.Side(1-s))
			d.list(w, out, ids)
		}
	}
	d.reportLevelBoth(w, out)
	d.warnMerged(out)
	var conflicted []string
	for _, e := range out.Doc.Entries() {
		if e.InConflict() {
			conflicted = append(conflicted, e.ID())
		}
	}
	if len(conflicted) > 0 {
		fmt.Fprintf(w, "feedsync git-merge: %s: %s in conflict, kept in the feed as sx:conflicts:\n", d.path, count(len(conflicted), "item"))
		d.list(w, out, conflicted)
		fmt.Fprintf(w, "feedsync git-merge: resolve with 'git mergetool --tool=feedsync' or 'feedsync resolve %s', then 'git add %s'\n", d.arg, d.arg)
	}
	if len(out.LevelLost) > 0 {
		fmt.Fprintf(w, "feedsync git-merge: %s: theirs changed the feed-level %s, which is not merged part by part while ours changed the feed-level data too: ours' is kept;\n"+
			"  theirs' version is 'git show :3:%s': edit %s by hand if theirs' should win, then 'git add %s'\n",
			d.path, strings.Join(out.LevelLost, ", "), d.arg, d.path, d.arg)
	}
	if len(conflicted) > 0 || len(out.LevelLost) > 0 || len(out.LevelBoth) > 0 {
		return errConflicts
	}
	return nil
}

// reportLevelBoth names the feed-level parts both sides changed, each
// differently: ours' is in the file, theirs' is quoted and stays in git's
// index as stage 3; the path is left conflicted, as git's text merge
// would leave it, for a person to choose.
func (d *gitDriver) reportLevelBoth(w io.Writer, out *gitmerge.Outcome) {
	if len(out.LevelDates) > 0 {
		fmt.Fprintf(w, "feedsync git-merge: %s: both sides changed the feed-level %s: the later is kept\n", d.path, strings.Join(out.LevelDates, ", "))
	}
	if len(out.LevelBoth) == 0 {
		return
	}
	fmt.Fprintf(w, "feedsync git-merge: %s: both sides changed the feed-level %s; ours is kept in the file, theirs' was:\n", d.path, strings.Join(out.LevelBoth, ", "))
	for _, p := range out.LevelTheirs {
		fmt.Fprintf(w, "  %s\n", clip(p.XML, 120))
	}
	fmt.Fprintf(w, "  theirs' whole version is 'git show :3:%s': edit %s to keep what should stay, then 'git add %s'\n", d.arg, d.path, d.arg)
}

// warnMerged prints what the spec's merge kept but must say (items one
// endpoint changed twice with one sequence; items with the same sync data
// and different data), for the items both sides changed: the others are
// taken whole from the side that changed them.
func (d *gitDriver) warnMerged(out *gitmerge.Outcome) {
	for _, p := range out.Doc.MergeWarnings() {
		if slices.Contains(out.Both, p.Item) {
			d.env.warn(p.String())
		}
	}
}

// maxListed bounds the items a report names.
const maxListed = 10

// list names items, each with why it did not combine where the driver
// tried (leftReason).
func (d *gitDriver) list(w io.Writer, out *gitmerge.Outcome, ids []string) {
	for i, id := range ids {
		if i == maxListed {
			fmt.Fprintf(w, "  ... and %d more\n", len(ids)-maxListed)
			return
		}
		why := ""
		if r := leftReason(out, id); r != "" {
			why = ": " + r
		}
		fmt.Fprintf(w, "  %s  “%s”%s\n", printable(id), printable(out.Title(id)), why)
	}
}

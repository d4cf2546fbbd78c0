package tui

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/feedsync/feedsync/feeds/gitmerge"
	"github.com/feedsync/feedsync/feeds/threeway"
)

// combineKey is the git config key that turns combining off for a
// repository, or for every one (--global): feedsync.combine false.
const combineKey = "feedsync.combine"

// combine resolves, as one new version each, the items both sides changed
// whose changes combine three-way against git's ancestor, or the version
// store beside the feed (issue 30 item 1): what 'resolve --auto' would
// combine. It does nothing when --no-combine or feedsync.combine=false
// says so, or when no item both sides changed is in conflict; git config
// and the endpoint id are read only when one is.
//
// The combined versions are the merging person's changes: they are
// stamped as 'resolve --auto' in the clone would stamp them, --by, else
// $FEEDSYNC_BY, else the clone's feedsync.by ('feedsync git setup --by
// EP'), else the id kept in the user's config directory; at --when, else
// now. Without a valid one the driver says so and combines nothing.
func (d *gitDriver) combine(ctx context.Context, v gitmerge.Versions, out *gitmerge.Outcome) {
	if d.noCombine || !out.Combinable() || !d.combineEnabled(ctx) {
		return
	}
	st, err := d.stamp.stamp(d.env, now, d.workFile())
	if err != nil { // the merge goes on: what would combine stays in conflict
		d.env.warn(fmt.Sprintf("%s: nothing combined, for want of an endpoint id to stamp it with: %v", d.path, err))
		return
	}
	d.combinedBy = st.By
	o := gitmerge.CombineOptions{Stamp: st}
	if d.store != nil {
		o.Bases = storeBases{d.store.st}
	}
	out.Combine(v, o)
}

// combineEnabled reads feedsync.combine from git's config where git runs
// the driver: false turns combining off; unset, or no git, leaves it on.
// A value git does not read as a boolean (a typo of false) turns it off
// too, with a warning: whoever set the key meant something, and leaving
// the items in conflict for a person loses nothing.
func (d *gitDriver) combineEnabled(ctx context.Context) bool {
	val, code, err := gitExec(ctx, "config", "--type=bool", "--get", combineKey)
	switch {
	case err == nil:
		return strings.TrimSpace(string(val)) != "false"
	case code == 1 || code < 0: // unset, or git did not run
		return true
	}
	raw, _, _ := gitExec(ctx, "config", "--get", combineKey)
	d.env.warn(fmt.Sprintf("%s: nothing combined: git config %s is %q, not true or false", d.path, combineKey, strings.TrimSpace(string(raw))))
	return false
}

// workFile is the feed's file in the work tree, where git runs the
// driver, for the clone's endpoint id; CURRENT when git gave no PATHNAME.
func (d *gitDriver) workFile() string {
	if d.pathname != "" && filepath.IsLocal(d.pathname) {
		return filepath.Join(filepath.Dir(d.cur), d.pathname)
	}
	return d.cur
}

// reportCombined prints a line for each item combined, as git prints
// "Auto-merging" for each file its merge combined.
func (d *gitDriver) reportCombined(out *gitmerge.Outcome) {
	for i, id := range out.Combined {
		if i == maxListed {
			fmt.Fprintf(d.env.Stderr, "feedsync git-merge: %s: ... and %d more combined\n", d.path, len(out.Combined)-i)
			return
		}
		p := out.Plans[id].Plan
		fmt.Fprintf(d.env.Stderr, "feedsync git-merge: %s: combined %s “%s”: %s since #%d by %s, into a new version by %s\n", d.path,
			printable(id), printable(out.Title(id)), combinedWhat(out, id, p), p.Base.Number, printable(p.Base.By), printable(d.combinedBy))
	}
}

// combinedWhat says what the sides did to an item that combined: the
// fields they changed apart, or a deletion both made.
func combinedWhat(out *gitmerge.Outcome, id string, p threeway.Plan) string {
	if e, err := out.Doc.Entry(id); err == nil && e.Winner().Deleted() {
		return "deleted on both sides"
	}
	if len(p.Touched) == 0 {
		return "changed alike"
	}
	return strings.Join(p.Touched, ", ") + " changed apart"
}

// leftReason says why an item both sides changed stays in conflict, or ""
// for one Combine did not look at.
func leftReason(out *gitmerge.Outcome, id string) string {
	p, ok := out.Plans[id]
	switch {
	case slices.Contains(out.Cut, id):
		return "its outline became its own ancestor, cut to the top level (0.91 §4.4.2)"
	case !ok:
		return ""
	case errors.Is(p.Err, gitmerge.ErrHeld):
		return "in conflict on a side already"
	}
	return leftText(autoOutcome{plan: p.Plan, err: p.Err})
}

var _ threeway.Bases = storeBases{}

package resolver

import (
	"fmt"
	"strings"

	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/tui/resolver/draw"
	"github.com/feedsync/feedsync/tui/resolver/mergeview"
)

// The left side of the item screen (issue 19 part 5: "any two versions
// can be compared with each other"). It is the winner until c puts each
// other conflict version there in turn, then the base when one is known
// (Config.Bases), then the winner again: a person compares version 1 with
// version 2 word by word, or sees what the version on the right changed
// against the base. The decisions do not follow it: w keeps the winner,
// t takes the version on the right, whatever stands on the left; the
// header says what is compared.

// leftWinner is the left side's default, the winner. v.left 1 to n is the
// conflict version left-1; n+1 is the base.
const leftWinner = 0

// leftIsBase reports whether the base stands on the left.
func (v ItemView) leftIsBase() bool { return v.hasBase && v.left == len(v.versions)+1 }

// leftVersion returns the version on the left: a conflict version, or the
// winner (also when the base is there, which is no version).
func (v ItemView) leftVersion() dialect.Version {
	if v.left >= 1 && v.left <= len(v.versions) {
		return v.versions[v.left-1]
	}
	return v.item.Winner()
}

// leftFields returns the fields shown on the left.
func (v ItemView) leftFields() []dialect.Field {
	if v.leftIsBase() {
		return v.base.Fields
	}
	return v.leftVersion().Fields()
}

// leftName is what the left side is called in the body: "winner",
// "version 2", "base".
func (v ItemView) leftName() string {
	switch {
	case v.leftIsBase():
		return "base"
	case v.left == leftWinner:
		return "winner"
	}
	return fmt.Sprintf("version %d", v.left)
}

// leftLabel is the left side's name in its header, styled.
func (v ItemView) leftLabel(upper bool) string {
	name, style := v.leftName(), v.styles.Winner
	if v.left != leftWinner {
		style = v.styles.Version
	}
	if v.left >= 1 && v.left <= len(v.versions) {
		name += fmt.Sprintf(" of %d", len(v.versions))
	}
	if upper {
		name = strings.ToUpper(name)
	}
	return style.Render(name)
}

// leftProvenance is the left side's state, who and when: the base's are
// those of the history entry that made it.
func (v ItemView) leftProvenance() (state, who, when string) {
	if !v.leftIsBase() {
		return provenance(v.leftVersion(), v.now)
	}
	h := draw.Labelled(v.item.Winner().State().Dialect, v.base.From)
	return "where both sides started", "made as " + draw.EntryWho(h), entryWhen(h, v.now)
}

// cycleLeft puts the next side on the left, passing over the version on
// the right.
func (v *ItemView) cycleLeft() {
	sides := len(v.versions) + 1
	if v.hasBase {
		sides++
	}
	for range sides {
		v.left = (v.left + 1) % sides
		if v.left != v.version+1 {
			break
		}
	}
	v.scroll = 0
	v.layout()
}

// comparing says what the item screen compares, when the left side is
// not the winner: the line that stands for the divergence line.
func (v ItemView) comparing() string {
	if v.leftIsBase() {
		return fmt.Sprintf("comparing the base (left) with version %d (right): what version %d changed · c: another on the left", v.version+1, v.version+1)
	}
	return fmt.Sprintf("comparing %s (left) with version %d (right), word by word · c: another on the left", v.leftName(), v.version+1)
}

// sameBanner explains a pair whose shared data is the same when the left
// side is not the winner.
func (v ItemView) sameBanner(a, b []dialect.Field) string {
	if v.onlySpace() {
		return fmt.Sprintf("%s and version %d carry the same shared data but for white space, hidden (W shows it).", upperFirst(v.leftName()), v.version+1)
	}
	if !sameShared(a, b) {
		return ""
	}
	return fmt.Sprintf("%s and version %d carry the same shared data.", upperFirst(v.leftName()), v.version+1)
}

// keepLeft keeps the side on the left on a new state of the same item
// (after a decision, an undo or a merge-in): a version known by its sync
// history, as the marks are, or the base when one is still known; else,
// and on another item, the winner. old are the item's versions before.
func (v *ItemView) keepLeft(old []dialect.Version, samePos bool) {
	was := v.left
	v.left = leftWinner
	switch {
	case !samePos:
	case was >= 1 && was <= len(old):
		for i, ver := range v.versions {
			if mergeview.SameVersion(ver, old[was-1]) {
				v.left = i + 1
			}
		}
	case was == len(old)+1 && v.hasBase:
		v.left = len(v.versions) + 1
	}
}

// upperFirst capitalises the first letter of an ASCII name.
func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

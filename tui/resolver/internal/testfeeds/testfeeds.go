// Package testfeeds makes the feeds the tests of the resolver's views
// open: items in conflict with the versions a test needs.
package testfeeds

import (
	"fmt"
	"strings"
)

// Offsite has one item, bob's, with three conflicting versions of a
// content of several lines: alice and carol change words, carol the last
// line too, and dave a line and one more after it, so that the columns'
// blocks must be padded to line up.
var Offsite = func() string {
	plan, days, train := "Plan the team offsite", "Two days in Annecy, 14–15 May.", "Book the train for eight people."
	lunch, projector := "Lunch by the lake on the first day.", "Bring the projector."
	lines := func(l ...string) string { return strings.Join(l, "\n") }
	return OneItem(V("bob-phone", "12:05", plan, lines(days, "Book the train for ten people.", lunch, projector)),
		V("alice-laptop", "09:15", plan, lines("Two days in Lyon, 21–22 May.", train, lunch, projector)),
		V("carol-tablet", "08:40", plan, lines("Two days in Lyon, 14–15 May.", train, lunch, "Bring the projector and the flip chart.")),
		V("dave-desk", "10:30", plan+" in Annecy", lines(days,
			"Book the coach for ten people; it leaves the office at eight on the first morning.", "Vegetarian menus for everyone.", lunch, projector)))
}()

// Version is who made a version of an item, when on 2026-03-03 (hh:mm),
// and its title and content.
type Version struct{ By, When, Title, Content string }

// V is a Version: by, when, title and content.
func V(by, when, title, content string) Version { return Version{by, when, title, content} }

// OneItem returns a feed of one item: the winner, and the versions in
// conflict with it, all with the same number of updates.
func OneItem(winner Version, conflicts ...Version) string {
	entry := func(v Version, conflicts string) string {
		return fmt.Sprintf(`<entry><title>%s</title><content>%s</content><id>urn:offsite</id>
<sx:sync id="offsite" updates="2"><sx:history sequence="2" when="2026-03-03T%s:00Z" by="%s"/>%s</sx:sync></entry>`,
			v.Title, v.Content, v.When, v.By, conflicts)
	}
	var cs strings.Builder
	for _, c := range conflicts {
		cs.WriteString(entry(c, ""))
	}
	return `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:sx="http://feedsync.org/2007/feedsync"><title>Team</title>` +
		entry(winner, "<sx:conflicts>"+cs.String()+"</sx:conflicts>") + `</feed>`
}

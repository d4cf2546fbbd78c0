package feeds

import (
	"errors"
	"github.com/feedsync/feedsync/feeds/feedtest"
	"strings"
	"testing"
)

// atomWith returns an Atom feed whose one entry holds sync.
func atomWith(sync string) string {
	return `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:sx="http://feedsync.org/2007/feedsync">
<entry><title>t</title>` + sync + `</entry>
</feed>`
}

// atomSharing returns an Atom feed with the given sx:sharing.
func atomSharing(sharing string) string {
	return `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:sx="http://feedsync.org/2007/feedsync">` + sharing + `</feed>`
}

const okHistory = `<sx:history sequence="1" by="e"/>`

func TestValidate(t *testing.T) {
	for _, tc := range []struct {
		name, feed string
		want       string // a substring of the one problem; "" for a valid feed
	}{
		// §2.1 common requirements
		{"§2.1.1_by_is_an_NSS", atomWith(`<sx:sync id="a" updates="1"><sx:history sequence="1" by="two words"/></sx:sync>`), `by "two words" is not an RFC 2141 namespace specific string (1.0.2 §2.1.1)`},
		{"§2.1.2_id_not_empty", atomWith(`<sx:sync id="" updates="1">` + okHistory + `</sx:sync>`), "id is empty (1.0.2 §2.1.2)"},
		{"§2.1.2_by_not_empty", atomWith(`<sx:sync id="a" updates="1"><sx:history sequence="1" when="2005-05-21T11:43:33Z" by=""/></sx:sync>`), "by is empty (1.0.2 §2.1.2)"},
		{"§2.1.2_related_title_not_empty", atomSharing(`<sx:sharing><sx:related link="http://x/" type="complete" title=""/></sx:sharing>`), "title is empty (1.0.2 §2.1.2)"},
		{"§2.1.2_unknown_attribute_not_empty", atomWith(`<sx:sync id="a" updates="1" future="">` + okHistory + `</sx:sync>`), "future is empty (1.0.2 §2.1.2)"},
		{"§2.1.5_whole_seconds", atomWith(`<sx:sync id="a" updates="1"><sx:history sequence="1" when="2005-05-21T11:43:33.5Z"/></sx:sync>`), `when "2005-05-21T11:43:33.5Z" has fractional seconds (1.0.2 §2.1.5)`},
		{"§2.1.5_UTC_with_Z", atomWith(`<sx:sync id="a" updates="1"><sx:history sequence="1" when="2005-05-21T11:43:33+01:00"/></sx:sync>`), `is not in UTC ending in "Z" (1.0.2 §2.1.5)`},
		{"§2.1.5_RFC_3339", atomWith(`<sx:sync id="a" updates="1"><sx:history sequence="1" when="Sat, 21 May 2005 11:43:33 GMT"/></sx:sync>`), "is not an RFC 3339 date-time (1.0.2 §2.1.5)"},
		{"§2.1.5_real_date", atomWith(`<sx:sync id="a" updates="1"><sx:history sequence="1" when="2005-02-29T11:43:33Z"/></sx:sync>`), "is not an RFC 3339 date-time (1.0.2 §2.1.5)"},
		{"§2.1.5_leap_day", atomWith(`<sx:sync id="a" updates="1"><sx:history sequence="1" when="2024-02-29T23:59:59Z"/></sx:sync>`), ""},
		{"§2.1.5_expires", atomSharing(`<sx:sharing expires="tomorrow"/>`), `expires "tomorrow" is not an RFC 3339 date-time (1.0.2 §2.1.5)`},
		// §2.2 sx:sharing
		{"§2.2_since_without_until", atomSharing(`<sx:sharing since="1"/>`), "since and until go together: one without the other (1.0.2 §2.2)"},
		{"§2.2_until_without_since", atomSharing(`<sx:sharing until="1"/>`), "since and until go together: one without the other (1.0.2 §2.2)"},
		{"§2.2_since_until_are_opaque", atomSharing(`<sx:sharing since="a" until="Z"/>`), ""},
		{"§2.2_sharing_inside_channel", `<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync"><sx:sharing/><channel/></rss>`, "sx:sharing belongs inside channel (1.0.2 §2.2)"},
		{"§2.2_sharing_alone_is_valid", atomSharing(`<sx:sharing/>`), ""},
		// §2.3 sx:related
		{"§2.3_link_required", atomSharing(`<sx:sharing><sx:related type="complete"/></sx:sharing>`), "no link (1.0.2 §2.3)"},
		{"§2.3_link_absolute", atomSharing(`<sx:sharing><sx:related link="/all.xml" type="complete"/></sx:sharing>`), `link "/all.xml" is not an absolute URI (1.0.2 §2.3)`},
		{"§2.3_link_without_fragment", atomSharing(`<sx:sharing><sx:related link="http://x/all.xml#top" type="complete"/></sx:sharing>`), "is not an absolute URI (1.0.2 §2.3)"},
		{"§2.3_type_required", atomSharing(`<sx:sharing><sx:related link="http://x/"/></sx:sharing>`), "no type (1.0.2 §2.3)"},
		{"§2.3_type_complete_or_aggregated", atomSharing(`<sx:sharing><sx:related link="http://x/" type="partial"/></sx:sharing>`), `type "partial" is neither "complete" nor "aggregated" (1.0.2 §2.3)`},
		{"§2.3_aggregated", atomSharing(`<sx:sharing><sx:related link="urn:x:y" type="aggregated" title="B"/></sx:sharing>`), ""},
		// §2.4 sx:sync
		{"§2.4_id_required", atomWith(`<sx:sync updates="1">` + okHistory + `</sx:sync>`), "no id (1.0.2 §2.4)"},
		{"§2.4_id_is_an_NSS", atomWith(`<sx:sync id="a%zz" updates="1">` + okHistory + `</sx:sync>`), `id "a%zz" is not an RFC 2141 namespace specific string (1.0.2 §2.4)`},
		{"§2.4_updates_required", atomWith(`<sx:sync id="a">` + okHistory + `</sx:sync>`), "no updates (1.0.2 §2.4)"},
		{"§2.4_updates_at_least_1", atomWith(`<sx:sync id="a" updates="0">` + okHistory + `</sx:sync>`), `updates "0" is not an integer from 1 to 2147483647 (1.0.2 §2.4)`},
		{"§2.4_updates_at_most_2^31-1", atomWith(`<sx:sync id="a" updates="2147483648">` + okHistory + `</sx:sync>`), `updates "2147483648" is not an integer`},
		{"§2.4_updates_2^31-1", atomWith(`<sx:sync id="a" updates="2147483647">` + okHistory + `</sx:sync>`), ""},
		{"§2.4_updates_an_integer", atomWith(`<sx:sync id="a" updates="+1">` + okHistory + `</sx:sync>`), `updates "+1" is not an integer`},
		{"§2.4_deleted_true_or_false", atomWith(`<sx:sync id="a" updates="1" deleted="yes">` + okHistory + `</sx:sync>`), `deleted "yes" is neither "true" nor "false" (1.0.2 §2.4)`},
		{"§2.4_noconflicts_lower_case", atomWith(`<sx:sync id="a" updates="1" noconflicts="TRUE">` + okHistory + `</sx:sync>`), `noconflicts "TRUE" is neither "true" nor "false" (1.0.2 §2.4)`},
		{"§2.4_booleans", atomWith(`<sx:sync id="a" updates="1" deleted="false" noconflicts="true">` + okHistory + `</sx:sync>`), ""},
		{"§2.4_one_sync_per_item", atomWith(`<sx:sync id="a" updates="1">` + okHistory + `</sx:sync><sx:sync id="a" updates="1">` + okHistory + `</sx:sync>`), "a second sx:sync in one item (1.0.2 §2.4)"},
		{"§2.4_noconflicts_item_keeps_no_conflicts", atomWith(`<sx:sync id="a" updates="2" noconflicts="true"><sx:history sequence="2" by="e"/><sx:conflicts><entry><sx:sync id="a" updates="2" noconflicts="true"><sx:history sequence="2" by="f"/></sx:sync></entry></sx:conflicts></sx:sync>`), `item has noconflicts="true" but keeps conflicts (1.0.2 §2.4, §3.3 step 10)`},
		{"§2.4_noconflicts_never_changes_in_conflicts", atomWith(`<sx:sync id="a" updates="2"><sx:history sequence="2" by="e"/><sx:conflicts><entry><sx:sync id="a" updates="2" noconflicts="true"><sx:history sequence="2" by="f"/></sx:sync></entry></sx:conflicts></sx:sync>`), "noconflicts differs from its item's; it never changes after the first update (1.0.2 §2.4)"},
		{"§2.4_noconflicts_never_changes_in_duplicates", atomWith(`<sx:sync id="a" updates="1">` + okHistory + `</sx:sync></entry><entry><sx:sync id="a" updates="2" noconflicts="true"><sx:history sequence="2" by="e"/></sx:sync>`), `noconflicts differs from an earlier item with id "a"`},
		{"§2.4_prefix_bound", atomWith(`<fs:sync id="a" updates="1">` + okHistory + `</fs:sync>`), `prefix "fs" is not bound to a namespace`},
		// §2.5 sx:history
		{"§2.5_history_required", atomWith(`<sx:sync id="a" updates="1"/>`), "no sx:history: at least one is required (1.0.2 §2.5)"},
		{"§2.5_sequence_required", atomWith(`<sx:sync id="a" updates="1"><sx:history by="e"/></sx:sync>`), "no sequence (1.0.2 §2.5)"},
		{"§2.5_sequence_range", atomWith(`<sx:sync id="a" updates="1"><sx:history sequence="-1" by="e"/></sx:sync>`), `sequence "-1" is not an integer from 1 to 2147483647 (1.0.2 §2.5)`},
		{"§2.5_history_needs_when_or_by", atomWith(`<sx:sync id="a" updates="1"><sx:history sequence="1"/></sx:sync>`), "neither when nor by (1.0.2 §2.5)"},
		{"§2.5_when_alone", atomWith(`<sx:sync id="a" updates="1"><sx:history sequence="1" when="2005-05-21T11:43:33Z"/></sx:sync>`), ""},
		// §2.6 sx:conflicts
		{"§2.6_conflicts_hold_entries", atomWith(`<sx:sync id="a" updates="1">` + okHistory + `<sx:conflicts><item/></sx:conflicts></sx:sync>`), "sx:conflicts holds atom:entry elements only (1.0.2 §2.6)"},
		{"§2.6_conflict_needs_sync", atomWith(`<sx:sync id="a" updates="1">` + okHistory + `<sx:conflicts><entry><title>x</title></entry></sx:conflicts></sx:sync>`), "conflict version without sx:sync (1.0.2 §2.6)"},
		{"§2.6_conflict_same_id", atomWith(`<sx:sync id="a" updates="1">` + okHistory + `<sx:conflicts><entry><sx:sync id="b" updates="1"><sx:history sequence="1" by="f"/></sx:sync></entry></sx:conflicts></sx:sync>`), `conflict version has id "b", not its item's "a" (1.0.2 §2.6)`},
		{"§2.6_empty_conflicts", atomWith(`<sx:sync id="a" updates="1">` + okHistory + `<sx:conflicts/></sx:sync>`), ""},
		{"§3.3_conflicts_are_flat", atomWith(`<sx:sync id="a" updates="1">` + okHistory + `<sx:conflicts><entry><sx:sync id="a" updates="1"><sx:history sequence="1" by="f"/><sx:conflicts/></sx:sync></entry></sx:conflicts></sx:sync>`), "a conflict version with conflicts of its own: the list is flat (1.0.2 §3.3)"},
		// formats
		{"§1.2.5_RSS_2.0", `<rss version="3.0"><channel/></rss>`, `rss version "3.0": not RSS 2.0, nor 0.91 to 0.94, which are read as it`},
		{"§1.2.5_rss_needs_channel", `<rss version="2.0"/>`, "rss without a channel"},
		{"§1.2.5_Atom_namespace", `<feed><entry/></feed>`, `root element in namespace "" is neither an Atom 1.0 feed nor an RSS 2.0 rss`},
		{"SSE_0.91_http", `<rss version="2.0" xmlns:sx="http://www.microsoft.com/schemas/rss/sse"><channel/></rss>`, "SSE 0.91 feed (namespace http://www.microsoft.com/schemas/rss/sse): not FeedSync 1.0.2"},
		{"SSE_0.91_https", `<rss version="2.0" xmlns:sx="https://www.microsoft.com/schemas/rss/sse"><channel/></rss>`, "SSE 0.91 feed (namespace https://www.microsoft.com/schemas/rss/sse): not FeedSync 1.0.2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ps := Validate("f.xml", []byte(tc.feed))
			if tc.want == "" {
				if ps != nil {
					t.Fatalf("problems in a valid feed:\n%v", ps)
				}
				return
			}
			if len(ps) != 1 || !strings.Contains(ps[0].Msg, tc.want) {
				t.Fatalf("problems:\n%v\nwant one saying %q", ps, tc.want)
			}
		})
	}
}

// Every problem is reported, each at the element it concerns.
func TestValidateReportsAllWithPositions(t *testing.T) {
	feed := `<?xml version="1.0"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:s="http://feedsync.org/2007/feedsync">
  <s:sharing since="1">
    <s:related link="rel/ative" type="complete"/>
  </s:sharing>
  <entry>
    <title>one</title>
    <s:sync id="bad id" updates="0">
      <s:history sequence="1"/>
      <s:history sequence="2" when="2005-05-21T11:43:33.25Z" by="ok"/>
    </s:sync>
  </entry>
  <entry><s:sync id="b" updates="1" deleted="no"><s:history sequence="1" by="e"/>
    <s:conflicts>
      <entry><s:sync id="b" updates="1" noconflicts="true"/></entry>
    </s:conflicts></s:sync></entry>
</feed>
`
	want := []string{
		`t.xml:3:3: s:sharing: since and until go together: one without the other (1.0.2 §2.2)`,
		`t.xml:4:5: s:related: link "rel/ative" is not an absolute URI (1.0.2 §2.3)`,
		`t.xml:8:5: s:sync: id "bad id" is not an RFC 2141 namespace specific string (1.0.2 §2.4)`,
		`t.xml:8:5: s:sync: updates "0" is not an integer from 1 to 2147483647 (1.0.2 §2.4)`,
		`t.xml:9:7: s:history: neither when nor by (1.0.2 §2.5)`,
		`t.xml:10:7: s:history: when "2005-05-21T11:43:33.25Z" has fractional seconds (1.0.2 §2.1.5)`,
		`t.xml:13:10: s:sync: deleted "no" is neither "true" nor "false" (1.0.2 §2.4)`,
		`t.xml:15:14: s:sync: no sx:history: at least one is required (1.0.2 §2.5)`,
		`t.xml:15:14: s:sync: noconflicts differs from its item's; it never changes after the first update (1.0.2 §2.4)`,
	}
	_, err := Parse("t.xml", []byte(feed))
	var ps Problems
	if !errors.As(err, &ps) {
		t.Fatalf("Parse error = %v, want Problems", err)
	}
	if got := strings.Split(ps.Error(), "\n"); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems:\n%s", feedtest.LineDiff(strings.Join(want, "\n"), strings.Join(got, "\n")))
	}
	if Validate("t.xml", []byte(feed)).Error() != ps.Error() {
		t.Error("Validate and Parse disagree")
	}
}

func TestMalformedXML(t *testing.T) {
	for _, tc := range []struct {
		name, xml, want string
	}{
		{"mismatched_end_tag", "<feed>\n  <entry>\n  </feed>", "m.xml:3:3: entry: <entry> opened at 2:3 is closed by </feed>"},
		{"unclosed_at_end", "<feed>\n  <entry>", "m.xml:2:10: entry: input ends inside <entry> opened at 2:3"},
		{"unquoted_attribute", "<feed>\n <entry a=1/>\n</feed>", "m.xml:2:11: entry: attribute a: the value is not in quotes"},
		{"unknown_entity", "<feed>\n  <title>&nbsp;</title>\n</feed>", "m.xml:2:10: title: invalid character entity &nbsp;: XML predefines five (lt, gt, amp, apos, quot), and the document does not declare it"},
		{"invalid_UTF-8", "<feed>\n<title>\xff</title></feed>", "m.xml:2:8: title: invalid UTF-8"},
		{"empty", "", "m.xml:1:1: document: no root element"},
		{"text_after_root", "<rss version=\"2.0\"><channel/></rss>\ntrailing", "m.xml:2:1: document: text outside the root element"},
		{"second_root", "<rss version=\"2.0\"><channel/></rss>\n<rss/>", "m.xml:2:1: rss: a second root element"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, err := Parse("m.xml", []byte(tc.xml))
			if d != nil {
				t.Error("a Doc from a feed that failed to load")
			}
			var ps Problems
			if !errors.As(err, &ps) || len(ps) != 1 {
				t.Fatalf("error = %v, want one problem", err)
			}
			if got := ps[0].String(); got != tc.want {
				t.Errorf("problem = %q\nwant      %q", got, tc.want)
			}
		})
	}
}

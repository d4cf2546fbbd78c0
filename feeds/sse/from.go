package ssefeed

import (
	"fmt"

	sse "github.com/feedsync/feedsync/engine/sse"
)

// readFrom reads fso:fromWhen and fso:fromBy (nil: absent), the stamp of
// the version an sx:conflict's loser was made from (sse.Conflict.From; see
// the package doc). Neither present is no stamp; a value that does not
// read is no stamp either, with the reason to warn of: the record is then
// read as one that does not say, which combines nothing (package
// feeds/threeway), rather than as one that says wrong.
func readFrom(when, by *string) (sse.Stamp, bool, string) {
	var st sse.Stamp
	switch {
	case when == nil && by == nil:
		return st, false, ""
	case when != nil && *when != "":
		t, _, err := parseDate(*when)
		if err != "" || t.IsZero() {
			return sse.Stamp{}, false, fmt.Sprintf("fso:fromWhen %q is no date (%s)", *when, err)
		}
		st.When = t
	}
	if by != nil && *by != "" {
		if !sse.ValidID(*by) {
			return sse.Stamp{}, false, fmt.Sprintf("fso:fromBy %q is not an RFC 2141 namespace specific string (0.91 §1.2)", *by)
		}
		st.By = *by
	}
	if st.When.IsZero() && st.By == "" {
		return sse.Stamp{}, false, "fso:fromWhen and fso:fromBy are empty"
	}
	return st, true, ""
}

package dialect

import (
	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/feeds"
)

// The types of a version's data and of a resolution's stamp, as the front
// ends name them: aliases, so that a value passes between a front end and
// the bindings unchanged, and a front end imports this package alone.

// Field is one field of an item's data (feeds.Field): its key, label,
// value, and whether it is shared data or publisher-specific
// (implementation note 1).
type Field = feeds.Field

// FieldEdit sets or removes one field of an item by key (feeds.FieldEdit).
type FieldEdit = feeds.FieldEdit

// Stamp is when and by whom an update is made (engine.Stamp): 1.0.2 §2.5's
// when and by, 0.91's sx:history when and by.
type Stamp = engine.Stamp

package stream

import (
	"fmt"

	"github.com/featlab/course/featlab"
)

// colNames records the column names an accumulator holds statistics of:
// the feature names and the target name of the first non-empty block
// added (or of SetNames, or of a merged accumulator). Until set, any
// names are accepted; once set, a block or accumulator with other names,
// in another order, or unnamed against named (nil names match only nil)
// is refused with ErrShape, so shards with reordered columns cannot be
// mixed silently.
type colNames struct {
	set   bool
	names []string // nil: unnamed columns
	tname string
}

// Names returns a copy of the recorded feature names: nil before any
// block or for unnamed columns.
func (c *colNames) Names() []string { return append([]string(nil), c.names...) }

// TargetName returns the recorded target name ("" before any block, or
// without a target).
func (c *colNames) TargetName() string { return c.tname }

// clone returns an independent copy.
func (c colNames) clone() colNames {
	if c.names != nil {
		c.names = append([]string{}, c.names...)
	}
	return c
}

// differ describes the first difference between c and (names, target)
// ("" when they match or c is unset). The target name is compared only
// when withY.
func (c *colNames) differ(names []string, target string, withY bool) string {
	if !c.set {
		return ""
	}
	switch {
	case (c.names == nil) != (names == nil):
		here, other := "named", "unnamed"
		if c.names == nil {
			here, other = other, here
		}
		return "columns are " + here + " here, " + other + " in the other"
	case len(c.names) != len(names):
		return fmt.Sprintf("%d column names here, %d in the other", len(c.names), len(names))
	}
	for j, s := range c.names {
		if names[j] != s {
			return fmt.Sprintf("column %d is %q here, %q in the other", j, s, names[j])
		}
	}
	if withY && c.tname != target {
		return fmt.Sprintf("the target is %q here, %q in the other", c.tname, target)
	}
	return ""
}

// check returns an ErrShape error when (names, target) differ from c.
func (c *colNames) check(what string, names []string, target string, withY bool) error {
	if msg := c.differ(names, target, withY); msg != "" {
		return featlab.Errorf(featlab.ErrShape, "stream: %s with other columns: %s", what, msg)
	}
	return nil
}

// record sets c to (names, target) when unset.
func (c *colNames) record(names []string, target string, withY bool) {
	if c.set {
		return
	}
	c.set = true
	if names != nil {
		c.names = append([]string{}, names...)
	}
	if withY {
		c.tname = target
	}
}

// setNames implements SetNames for an accumulator of d features.
func (c *colNames) setNames(d int, names []string, target string, withY bool) error {
	if names != nil && len(names) != d {
		return featlab.Errorf(featlab.ErrShape, "stream: %d names for %d features", len(names), d)
	}
	if err := c.check("setting names", names, target, withY); err != nil {
		return err
	}
	c.record(names, target, withY)
	return nil
}

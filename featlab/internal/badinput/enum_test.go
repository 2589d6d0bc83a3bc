package badinput

import (
	"go/ast"
	"testing"
)

// TestEveryEnumHasString: every exported enum of the library (an exported
// type whose underlying type is an integer and that has constants of its
// own, as go/doc groups them) has a String method, so that a config or a
// result prints "ksvd", not 0. A new enum without one fails here.
func TestEveryEnumHasString(t *testing.T) {
	ints := map[string]bool{"int": true, "int8": true, "int16": true, "int32": true, "int64": true,
		"uint": true, "uint8": true, "uint16": true, "uint32": true, "uint64": true}
	n := 0
	for _, dp := range libraryPackages(t) {
		for _, ty := range dp.Types {
			if len(ty.Consts) == 0 {
				continue
			}
			isInt := false
			for _, s := range ty.Decl.Specs {
				if ts, ok := s.(*ast.TypeSpec); ok && ts.Name.Name == ty.Name {
					id, ok := ts.Type.(*ast.Ident)
					isInt = ok && ints[id.Name] && ts.Assign == 0
				}
			}
			if !isInt {
				continue
			}
			n++
			has := false
			for _, m := range ty.Methods {
				has = has || m.Name == "String"
			}
			if !has {
				t.Errorf("%s.%s is an enum without a String method: it prints as a number", dp.Name, ty.Name)
			}
		}
	}
	if n < 20 {
		t.Errorf("found %d enums; the scan is broken (there were 25 when this test was written)", n)
	}
	t.Logf("figures: %d exported enums, each with a String method", n)
}

package badinput

import (
	"fmt"
	"strings"

	"github.com/featlab/course/featlab"
)

// csvInput is one CSV file thrown at the readers.
type csvInput struct {
	name   string
	text   string
	want   *expectation
	target bool // only a reader with a target must reject it
}

func csvInputs() []csvInput {
	bad := func(cell string) csvInput {
		return csvInput{
			name:   fmt.Sprintf("numeric target with %q at row 2", cell),
			text:   "a,b,y\n1,2,3.5\n2,3,4.25\n3,5," + cell + "\n4,1,7\n",
			want:   &expectation{kinds: []error{featlab.ErrNotFinite, featlab.ErrNonNumeric}, says: []string{"row 2", cell}},
			target: true,
		}
	}
	return []csvInput{
		{name: "UTF-8 byte-order mark before the target's name", text: "\ufeffy,a,b\n1,2,3\n2,3,1\n3,1,2\n"},
		{name: "UTF-8 byte-order mark before a feature's name", text: "\ufeffa,b,y\n1,2,3\n2,3,1\n3,1,2\n"},
		bad("1e400"), bad("6..1"), bad("?"),
		{name: "text feature column a", text: "a,b,y\n1,2,3\nx,3,1\n3,1,2\n",
			want: &expectation{kinds: []error{featlab.ErrNonNumeric}, says: []string{`"a"`}}, target: true},
		{name: "NaN feature at row 1, column b", text: "a,b,y\n1,2,3\n2,NaN,1\n3,1,2\n",
			want: &expectation{kinds: []error{featlab.ErrNotFinite}, says: []string{"row 1", `"b"`}}, target: true},
		{name: "no target column", text: "a,b,z\n1,2,3\n2,3,1\n",
			want: &expectation{kinds: []error{featlab.ErrMissing}, says: []string{`"y"`}}, target: true},
		{name: "ragged row", text: "a,b,y\n1,2,3\n2,3\n",
			want: &expectation{kinds: []error{featlab.ErrShape}, says: []string{"line 3"}}},
		{name: "stray quote", text: "a,b,y\n1,\"2,3\n",
			want: &expectation{kinds: []error{featlab.ErrShape}}},
		{name: "empty file", text: "",
			want: &expectation{kinds: []error{featlab.ErrEmpty}}},
		{name: "header only", text: "a,b,y\n",
			want: &expectation{kinds: []error{featlab.ErrEmpty}}},
		{name: "valid", text: "a,b,y\n1,2,3\n2,3,1\n3,1,2\n"},
	}
}

func checkCSV(e *entry) []failure {
	var out []failure
	ran("hostile CSV and frames", e.id)
	for _, in := range csvInputs() {
		if in.target && !e.csvTarget {
			continue
		}
		res, err, p := call(func() (any, error) { return e.csv(in.text) })
		count(1)
		out = append(out, checkOutcome(e, "hostile CSV", in.name, res, err, p, in.want)...)
		if in.want == nil && err == nil && strings.Contains(fmt.Sprintf("%+v", res), "\ufeff") {
			out = append(out, fails(e.id, "hostile CSV", in.name, "a byte-order mark is left in a name"))
		}
	}
	return out
}

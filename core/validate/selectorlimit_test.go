package validate_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/core/validate"
)

// hostileModel is n structures in one cycle (the first documented) with
// the definitions of form, the way a cloned repository's model could
// bring them.
func hostileModel(form string, n int) string {
	var b strings.Builder
	meta := func(sel, tmpl string) {
		cfg := fmt.Sprintf("selector: %q", sel)
		if tmpl != "" {
			cfg += fmt.Sprintf(", messageTemplate: %q", tmpl)
		}
		fmt.Fprintf(&b, "metadata validators = [{name: \"EmitEachSelector\", id: \"Hostile\", configuration: {%s}}]\n", cfg)
	}
	b.WriteString("$version: \"2\"\n")
	apply := ""
	switch form {
	case "template":
		meta("structure ~> [trait|documentation]", "@{id} reaches a documented shape")
	case "variable":
		meta("structure $s(*) ~> [trait|documentation]", "from @{var|s|id}")
	case "is under not":
		meta("structure :not(:is(> member ~> [trait|deprecated], > member ~> [trait|sensitive]))", "")
	case "in under test":
		meta("structure :test(:in(> member ~> [trait|deprecated]))", "")
	case "in with a variable":
		meta("$s(*) structure :test(:in(> member ~> [trait|deprecated]))", "")
	case "recursive":
		meta("structure :recursive(> member >) [trait|deprecated]", "")
	case "recursive under test":
		meta("structure :test(:recursive(> member >) [trait|deprecated])", "")
	case "metadata selector":
		fmt.Fprintf(&b, "metadata validators = [{name: \"EmitEachSelector\", id: \"Hostile\", selector: %q, configuration: {selector: \"structure\"}}]\n", "$s(*) structure ~> [trait|deprecated]")
	case "unreferenced":
		fmt.Fprintf(&b, "metadata validators = [{name: \"UnreferencedShape\", id: \"Hostile\", configuration: {rootShapeSelector: %q}}]\n", "structure :test(:recursive(> member >) [trait|deprecated])")
	}
	b.WriteString("namespace a.b\n")
	switch form {
	case "trait validators":
		b.WriteString("@trait\n@traitValidators(\"a.b.Deprecated\": { selector: \"~> structure > member [trait|deprecated]\" })\nstructure t {}\n")
		apply = "@t\n"
	case "trait selector":
		b.WriteString("@trait(selector: \"$x(*) structure :not(> member ~> [trait|deprecated])\")\nstructure t {}\n")
		apply = "@t\n"
	}
	for i := range n {
		doc := ""
		if i == 0 {
			doc = "@documentation(\"d\")\n"
		}
		fmt.Fprintf(&b, "%s%sstructure S%d { a: S%d, b: String }\n", doc, apply, i, (i+1)%n)
	}
	return b.String()
}

// TestSelectorBudget checks each form of a model's selectors that costs
// n² over a cycle: at 50 structures under a budget of 200,000 units it
// reports what it always did; at 800 (256 times the work) it stops with a
// SelectorLimit event that names the validator, the selector and the
// bound, not suppressible, and the report is incomplete. The forms the
// selector package answers in linear time stay complete at 800.
func TestSelectorBudget(t *testing.T) {
	const budget = 200_000
	for _, tc := range []struct {
		form   string
		linear bool
		name   string // in the event's message
	}{
		{"template", true, ""},
		{"is under not", true, ""},
		{"in under test", true, ""},
		{"recursive", true, ""},
		{"variable", false, "`Hostile`"},
		{"in with a variable", false, "`Hostile`"},
		{"recursive under test", false, "`Hostile`"},
		{"metadata selector", false, "`Hostile`"},
		{"unreferenced", false, "`Hostile`"},
		{"trait validators", false, "`a.b.Deprecated of trait a.b#t`"},
		{"trait selector", false, "`TraitTarget of trait a.b#t`"},
	} {
		t.Run(tc.form, func(t *testing.T) {
			small := check(t, hostileModel(tc.form, 50), validate.SelectorBudget(budget))
			whole := check(t, hostileModel(tc.form, 50))
			if small.Incomplete || len(small.Events) != len(whole.Events) {
				t.Fatalf("%s at 50: incomplete %v, %d events; without the small budget %d events", tc.form, small.Incomplete, len(small.Events), len(whole.Events))
			}
			for i := range small.Events {
				if render(small.Events[i]) != render(whole.Events[i]) {
					t.Fatalf("%s at 50: event %d is %s, without the small budget %s", tc.form, i, render(small.Events[i]), render(whole.Events[i]))
				}
			}
			src := hostileModel(tc.form, 800)
			// The model tries to suppress the bound's event.
			src = strings.Replace(src, "$version: \"2\"\n", "$version: \"2\"\nmetadata suppressions = [{id: \"SelectorLimit\", namespace: \"*\"}]\n", 1)
			r := check(t, src, validate.SelectorBudget(budget))
			var limits []string
			for _, e := range r.Events {
				if e.ID == validate.SelectorLimitID {
					limits = append(limits, e.Message)
				}
			}
			if tc.linear {
				if r.Incomplete || len(limits) > 0 || r.SelectorWork > budget {
					t.Fatalf("%s at 800: incomplete %v, %v, %d units: want complete within %d", tc.form, r.Incomplete, limits, r.SelectorWork, budget)
				}
				return
			}
			// Every validator stopped says so: the one that spent the
			// budget, and those that came after it (the built-in
			// TraitTarget of the prelude's traits, after a.b#t's).
			if !r.Incomplete || len(limits) == 0 {
				t.Fatalf("%s at 800: incomplete %v, limit events %v; want incomplete and an event", tc.form, r.Incomplete, limits)
			}
			named := false
			for _, msg := range limits {
				named = named || strings.Contains(msg, "Validator "+tc.name+" stopped: its selector `") && strings.Contains(msg, "200000 units")
			}
			if !named {
				t.Errorf("%s at 800: %q: none names %s, its selector and the bound", tc.form, limits, tc.name)
			}
		})
	}
}

// TestSelectorBudgetDefault checks that a model of ordinary selectors
// spends a small part of the default budget and that the report says
// so.
func TestSelectorBudgetDefault(t *testing.T) {
	src := hostileModel("template", 200)
	r := check(t, src)
	a := assembly.New()
	if err := a.AddSource("test.smithy", []byte(src)); err != nil {
		t.Fatal(err)
	}
	res, _ := a.Assemble()
	limit := validate.DefaultSelectorBudget + validate.SelectorBudgetPerShape*int64(res.Model.NumShapes())
	if validate.DefaultSelectorLimit(res.Model) != limit || r.SelectorBudget != limit {
		t.Errorf("the default bound is %d (%d in the report), want 2^22 + 32 a shape = %d", validate.DefaultSelectorLimit(res.Model), r.SelectorBudget, limit)
	}
	if r.Incomplete || r.SelectorWork == 0 || r.SelectorWork > validate.DefaultSelectorBudget/100 {
		t.Errorf("incomplete %v, %d units of %d: want complete, under a hundredth of %d", r.Incomplete, r.SelectorWork, r.SelectorBudget, validate.DefaultSelectorBudget)
	}
}

// TestSelectorBudgetPerCheck: two Checks of one model at once each spend
// their own budget. The model's selectors spend about 60% of the bound
// given, so alone a Check is complete; a validator of the first stage
// waits (a while) for the other Check to arrive, so that both run their
// selectors at the same time. Sharing one budget, as before, the two
// spent 120% of it together and a SelectorLimit stopped one of them.
func TestSelectorBudgetPerCheck(t *testing.T) {
	a := assembly.New()
	if err := a.AddSource("m.smithy", []byte(hostileModel("template", 200))); err != nil {
		t.Fatal(err)
	}
	res, err := a.Assemble()
	if err != nil || res.HasErrors() {
		t.Fatal(err, res.Events)
	}
	alone := validate.Check(res.Model)
	if alone.Incomplete || alone.SelectorWork == 0 {
		t.Fatalf("alone: incomplete %v, work %d", alone.Incomplete, alone.SelectorWork)
	}
	bound := alone.SelectorWork * 10 / 6
	var arrived sync.WaitGroup
	arrived.Add(2)
	barrier := validate.Validator{Name: "Barrier", Stage: validate.StageLoad, Check: func(*model.Model) []model.Event {
		arrived.Done()
		done := make(chan struct{})
		go func() { arrived.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(300 * time.Millisecond): // the other waits for this Check to end
		}
		return nil
	}}
	reports := make([]*validate.Report, 2)
	var wg sync.WaitGroup
	for i := range reports {
		wg.Add(1)
		go func() {
			defer wg.Done()
			reports[i] = validate.Check(res.Model, validate.SelectorBudget(bound), validate.WithValidators(barrier))
		}()
	}
	wg.Wait()
	for i, r := range reports {
		if r.Incomplete || r.SelectorWork != alone.SelectorWork || r.SelectorBudget != bound || len(r.Events) != len(alone.Events) {
			t.Errorf("Check %d: incomplete %v, work %d of %d, %d events; alone: work %d, %d events",
				i, r.Incomplete, r.SelectorWork, r.SelectorBudget, len(r.Events), alone.SelectorWork, len(alone.Events))
		}
	}
}

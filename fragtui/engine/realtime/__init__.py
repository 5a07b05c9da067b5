"""Real-Time Frag's rule pieces (../shared/RULES.md J-RT-01..10, seed 003 "Real-Time Frag"), pure and UI-free.

The seed cuts Frag's turn into ten segments in which every fighter moves and shoots "at once". This package
holds the rules the ruleset will call, each a pure function over plain values, so that each is tested alone
with scripted dice before any ruleset is wired: the speed table and how a Speed total is spread over the
segments (`speed_table`, `speed`: J-RT-03, J-RT-08, J-RT-09), facing (`facing`: J-RT-05), movement with its
part-way squares (`movement`: J-RT-06, J-RT-07), initiative (`initiative`: J-RT-02) and the order of
attacks in a segment (`combat`: J-RT-10). It imports the kernel's board, geometry, dice and fighter ids,
never a rule system (the ruleset that plays Real-Time Frag will import it).
"""

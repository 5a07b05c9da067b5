"""`fragtui serve`: the game played over SSH, one Textual app per SSH session, all in one process.

driver.py draws an app on an SSH channel, app.py is the app as served (the normal `FragApp`,
minus what a remote player must not reach), server.py is the asyncssh server and its safety limits.
"""

print('boom')
